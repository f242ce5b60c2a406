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

/** Queries the device fetched ahead for offline use (src/client/pwa/offline-readiness.ts), by hash. */
const fetchedAhead = new Set<string>();

export function markFetchedAhead(queryHash: string): void {
  fetchedAhead.add(queryHash);
}

/** A failure of a query fetched ahead that no screen shows: nothing for the person to see (the readiness names the area instead). */
export function unseenFetchAhead(query: { queryHash: string; getObserversCount: () => number }): boolean {
  return fetchedAhead.has(query.queryHash) && query.getObserversCount() === 0;
}
