// Whether the app believes it has a network: TanStack Query's onlineManager, seeded from
// navigator.onLine when the query client is made (src/client/api/query-client.ts) and moved by
// the browser's online/offline events. Offline, queries pause instead of failing — a page
// keeps its cached data and shows no error — and resume when the network returns.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

export function isOffline(): boolean {
  return !onlineManager.isOnline();
}

/** A fetch that never reached a server (no network, DNS, refused): the browser's TypeError. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
