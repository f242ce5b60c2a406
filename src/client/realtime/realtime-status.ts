// What the shell needs to know about the realtime connection: whether events are arriving
// ('connected'), so the notification poll can stop, and otherwise why not. A tiny store with
// no imports of the connection itself, so the signed-in frame can read it without loading it.
import { useSyncExternalStore } from 'react';

export type RealtimeStatus =
  /** Opening, authenticating or waiting to retry. */
  | 'connecting'
  /** Authenticated and subscribed: events arrive as they happen. */
  | 'connected'
  /** The server could not be reached in time (the unavailable timeout): retrying. */
  | 'unavailable'
  /** The browser says it has no network: nothing is tried until it has. */
  | 'offline'
  /** Not running: nobody signed in, the session refused, or stopped. */
  | 'stopped';

let current: RealtimeStatus = 'stopped';
const listeners = new Set<() => void>();

export function getRealtimeStatus(): RealtimeStatus {
  return current;
}

export function setRealtimeStatus(status: RealtimeStatus): void {
  if (status === current) return;
  current = status;
  for (const listener of [...listeners]) listener();
}

export function subscribeToRealtimeStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeToRealtimeStatus, getRealtimeStatus, getRealtimeStatus);
}

/** A query's refetchInterval that polls only while events are not arriving (the fallback). */
export function useRealtimePollInterval(intervalMs: number): number | false {
  return useRealtimeStatus() === 'connected' ? false : intervalMs;
}
