// The page's copy of the signed-in user's outbox (the service worker owns the real one): set
// by the bridge from OUTBOX_CHANGED and LIST_OUTBOX replies, read by the top bar's badge, the
// /outbox page and the lists that show their queued records.
import { useMemo, useSyncExternalStore } from 'react';
import type { OutboxItemSummary, OutboxState } from '../../shared/sw-messages';

/** What still needs the network or the user: the badge counts these, and logout asks about them. */
export const PENDING_STATES: readonly OutboxState[] = ['waiting', 'sending', 'needs_attention'];

type Snapshot = { userId: string | null; items: OutboxItemSummary[] };

let snapshot: Snapshot = { userId: null, items: [] };
const listeners = new Set<() => void>();

function emit(next: Snapshot): void {
  snapshot = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const newestFirst = (a: OutboxItemSummary, b: OutboxItemSummary) => b.createdAt.localeCompare(a.createdAt);

/** A new user (or none) starts with an empty list until the worker sends theirs. */
export function setOutboxUser(userId: string | null): void {
  if (snapshot.userId !== userId) emit({ userId, items: [] });
}

/**
 * Ignored for anyone but the current user: another tab may have signed in as someone else. A list
 * the same as the one held changes nothing: the worker repeats it (its answer to the page's ask,
 * then each change it reports) as the app starts, and each new copy drew every list that shows
 * queued records again.
 */
export function setOutboxItems(userId: string, items: OutboxItemSummary[]): void {
  if (snapshot.userId !== userId) return;
  const sorted = [...items].sort(newestFirst);
  if (JSON.stringify(sorted) === JSON.stringify(snapshot.items)) return;
  emit({ userId, items: sorted });
}

export function getOutboxItems(): OutboxItemSummary[] {
  return snapshot.items;
}

export function getOutboxUser(): string | null {
  return snapshot.userId;
}

export function countPending(items: OutboxItemSummary[]): number {
  return items.filter((item) => PENDING_STATES.includes(item.state)).length;
}

/** The user's items, newest first; only one resource's when given (a list showing its queued records). */
export function useOutboxItems(resource?: string): OutboxItemSummary[] {
  const items = useSyncExternalStore(subscribe, getOutboxItems, getOutboxItems);
  return useMemo(() => (resource ? items.filter((item) => item.resource === resource) : items), [items, resource]);
}

/** Waiting, sending and needing attention: what the badge shows. */
export function useOutboxCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => countPending(snapshot.items),
    () => countPending(snapshot.items),
  );
}
