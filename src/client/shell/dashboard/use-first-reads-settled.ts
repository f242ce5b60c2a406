// Whether the dashboard's first reads have answered: no query without data is fetching, and
// none started in the next moment (a card's second read, after its first). The dashboard's
// cards each grow from nothing or from a skeleton when their read answers, in no set order,
// and each such growth pushed every card below it down the screen (a layout shift of 0.57–0.69
// on a phone, issue #33); shown once the reads have answered, they appear together where the
// placeholder stood and push nothing already on screen. After `atMostMs` they show whatever
// they have, a slow card keeping its own skeleton. Cached data counts as answered (a query
// refreshing data it has is not waited for), and so does a read paused with no network.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** A moment's quiet before the reads count as answered: a card's next read starts within it. */
export const QUIET_MS = 50;

function readsWithoutData(queryClient: QueryClient): number {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching' }).length;
}

export function useFirstReadsSettled(atMostMs: number): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled) return;
    // Children's effects ran first: their queries have started by now.
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(quiet);
      if (readsWithoutData(queryClient) === 0) quiet = setTimeout(() => readsWithoutData(queryClient) === 0 && setSettled(true), QUIET_MS);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    const atMost = setTimeout(() => setSettled(true), atMostMs);
    check();
    return () => {
      unsubscribe();
      clearTimeout(quiet);
      clearTimeout(atMost);
    };
  }, [queryClient, settled, atMostMs]);
  return settled;
}
