// What a route's loader does with its page's queries: starts each (from the same query options
// the page reads) with the navigation, or on a link's hover, instead of when the page mounts.
// Cached data, restored offline included, is used as it is. The loader never waits and never
// throws: a query paused offline would hold the navigation until the network came back, and a
// failure is the page's to show (its loading, error and offline states are as without a loader).
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';

export function startQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  void queryClient.ensureQueryData(options).catch(() => undefined);
}
