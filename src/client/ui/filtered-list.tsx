// A filtered, paged list's states, said the same way on every such list: a loading skeleton,
// the failure with a retry, the empty state with "Clear filters" when filters are set, and once
// there are rows, what the page draws of them above the pager with the list's length. The
// selection of rows (for bulk actions) is of what is on screen: it empties when the list changes.
import '@mantine/core/styles/Skeleton.css';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { LoadError } from './load-error';
import { ListPager } from './list-pager';

type Page<T> = { results: T[]; count: number };

type FilteredListProps<T> = {
  list: { isPending: boolean; isError: boolean; error: unknown; data?: Page<T> | undefined; refetch: () => unknown };
  /** What the rows are, one and many: "employee", "employees". */
  one: string;
  many: string;
  /** What an empty list says: "No employees match these filters." */
  noMatches: string;
  /** Whether any filter is set, for "Clear filters". */
  filtered: boolean;
  onClearFilters: () => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
};

export function FilteredList<T>({
  list,
  one,
  many,
  noMatches,
  filtered,
  onClearFilters,
  page,
  pageSize,
  onPage,
  children,
}: FilteredListProps<T>) {
  if (list.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${many}`}>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={48} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (list.isError || !list.data) {
    return <LoadError what={many} error={list.error} onRetry={() => void list.refetch()} />;
  }
  const { results, count } = list.data;
  if (results.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text>{noMatches}</Text>
          {filtered && (
            <Button variant="light" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {children(results)}
      <ListPager pages={Math.max(1, Math.ceil(count / pageSize))} page={page} onPage={onPage} count={{ total: count, one, many }} />
    </Stack>
  );
}

/**
 * The rows chosen on screen, out of those that may be chosen: the choice belongs to `listKey`
 * (the filters and page) and is forgotten when it changes, and a row that may no longer be
 * chosen (decided elsewhere, gone from the page) leaves it.
 */
export function useScreenSelection(listKey: string, selectable: readonly { id: string }[]) {
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: listKey, ids: new Set() });
  const chosen = selection.key === listKey ? selection.ids : new Set<string>();
  const selected: ReadonlySet<string> = new Set(selectable.filter((row) => chosen.has(row.id)).map((row) => row.id));
  const select = (ids: ReadonlySet<string>) => setSelection({ key: listKey, ids });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    select(next);
  };
  const toggleAll = (on: boolean) => select(on ? new Set(selectable.map((row) => row.id)) : new Set());
  const clear = () => select(new Set());
  return { selected, toggle, toggleAll, clear };
}
