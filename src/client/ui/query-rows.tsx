// A list's states while its query runs: "Loading..." (or, with no network and nothing kept on
// the device, that it is shown once back online), the failure as every screen says it (with
// Retry, or the calm offline state with no network), the words for an empty list, and once there
// are rows, what the page draws of them.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { OfflinePartNote, waitsForNetwork } from '../offline/offline-empty-state';
import { LoadError } from './load-error';

type QueryRowsProps<T> = {
  query: { isPending: boolean; fetchStatus: string; isError: boolean; error: unknown; refetch: () => unknown };
  /** The query's rows, once it has them. */
  rows: readonly T[] | undefined;
  /** What the list holds, for its failure: "companies" says "The companies could not be loaded". */
  what: string;
  /** What an empty list says ("No companies match."). */
  empty: ReactNode;
  children: (rows: readonly T[]) => ReactNode;
};

export function QueryRows<T>({ query, rows, what, empty, children }: QueryRowsProps<T>) {
  // With no network and nothing kept here, the list says so rather than loading for ever.
  if (waitsForNetwork(query)) return <OfflinePartNote />;
  if (query.isPending) return <Text>Loading...</Text>;
  if (query.isError) return <LoadError what={what} error={query.error} onRetry={() => void query.refetch()} />;
  if (!rows) return null;
  return rows.length === 0 ? <Text>{empty}</Text> : children(rows);
}
