// What a route's loader does with its page's queries: starts each (from the same query options
// the page reads) with the navigation, or on a link's hover, instead of when the page mounts.
// Cached data, restored offline included, is used as it is (and refreshed as the page mounts);
// what the loader fetched is not fetched again by the page mounting as it lands. The loader never waits and never
// throws: a query paused offline would hold the navigation until the network came back, and a
// failure is the page's to show (its loading, error and offline states are as without a loader).
//
// The loader returns what it started (`PageQueries`, its route's loader data): with no network,
// the signed-in frame shows the calm offline state instead of a page none of whose started
// queries has data on this device (src/client/offline/offline-page-gate.tsx).
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { markReadAhead } from './read-batch';

/** The queries a route's loader started: the page's data, as far as being offline is concerned. */
export type PageQueries = { readonly pageQueryKeys: readonly QueryKey[] };

export function startQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): PageQueries {
  void queryClient.ensureQueryData(options).catch(() => undefined);
  // The page mounting as the answer lands reads it rather than asking again.
  markReadAhead(queryClient, options.queryKey);
  return { pageQueryKeys: [options.queryKey] };
}

/** Several starts of one loader as one answer; a start skipped (undefined) adds nothing. */
export function pageQueries(...parts: Array<PageQueries | undefined>): PageQueries {
  return { pageQueryKeys: parts.flatMap((part) => part?.pageQueryKeys ?? []) };
}

export function isPageQueries(value: unknown): value is PageQueries {
  return typeof value === 'object' && value !== null && Array.isArray((value as { pageQueryKeys?: unknown }).pageQueryKeys);
}
