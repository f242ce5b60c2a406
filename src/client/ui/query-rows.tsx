// A list's states while its query runs: "Loading...", the failure said in red, the words for an
// empty list, and once there are rows, what the page draws of them.
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

type QueryRowsProps<T> = {
  query: { isPending: boolean; isError: boolean };
  /** The query's rows, once it has them. */
  rows: readonly T[] | undefined;
  /** What the list holds, for its failure: "companies" says "The companies could not be loaded." */
  what: string;
  /** What an empty list says ("No companies match."). */
  empty: ReactNode;
  children: (rows: readonly T[]) => ReactNode;
};

export function QueryRows<T>({ query, rows, what, empty, children }: QueryRowsProps<T>) {
  if (query.isPending) return <Text>Loading...</Text>;
  if (query.isError) return <Text c="red">The {what} could not be loaded.</Text>;
  if (!rows) return null;
  return rows.length === 0 ? <Text>{empty}</Text> : children(rows);
}
