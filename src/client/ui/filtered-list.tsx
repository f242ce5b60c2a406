// A filtered, paged list's states, said the same way on every such list: a loading skeleton,
// the failure with a retry, the empty state with "Clear filters" when filters are set, and once
// there are rows, what the page draws of them above the pager with the list's length. A page
// declares only where its list differs: its words for an empty list (with no filter set, and a
// hint of what to do next), the clear button's words, a 403 said as "not allowed", and the
// skeleton's rows or grid of cards. The selection of rows (for bulk actions) is of what is on
// screen: it empties when the list changes.
import '@mantine/core/styles/Skeleton.css';
import { Button, Paper, SimpleGrid, Skeleton, Stack, Text, type SimpleGridProps } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { LoadError } from './load-error';
import { ListPager, pageCount } from './list-pager';

type Page<T> = { results: T[]; count: number };

type FilteredListProps<T> = {
  list: { isPending: boolean; isError: boolean; error: unknown; data?: Page<T> | undefined; refetch: () => unknown };
  /** What the rows are, one and many: "employee", "employees". */
  one: string;
  many: string;
  /** What failed to load, where the page names it otherwise than `many`: "incident log". */
  what?: string;
  /** Say "You are not allowed to view this content." when the server refuses the list (403). */
  forbidden?: boolean;
  /** What an empty list says: "No employees match these filters." */
  noMatches: string;
  /** What it says instead when no filter is set: "There are no notices yet." */
  nothingYet?: string;
  /** A line under those words, which then read as the empty state's heading: what to do next. */
  hint?: string;
  /** Whether any filter is set, for "Clear filters". */
  filtered: boolean;
  onClearFilters: () => void;
  /** The clear button's words, where "Clear filters" is not what it does: "Clear search". */
  clearLabel?: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The loading placeholder: how many rows and how tall (6 of 48px), or a grid of cards `cols` across. */
  skeleton?: { rows?: number; height?: number; cols?: SimpleGridProps['cols'] };
  children: (rows: T[]) => ReactNode;
};

export function FilteredList<T>({
  list,
  one,
  many,
  what = many,
  forbidden = false,
  noMatches,
  nothingYet = noMatches,
  hint,
  filtered,
  onClearFilters,
  clearLabel = 'Clear filters',
  page,
  pageSize,
  onPage,
  skeleton = {},
  children,
}: FilteredListProps<T>) {
  if (list.isPending) return <ListSkeleton many={many} {...skeleton} />;
  if (list.isError || !list.data) {
    return <LoadError what={what} error={list.error} onRetry={() => void list.refetch()} forbidden={forbidden} />;
  }
  const { results, count } = list.data;
  if (results.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm" ta="center">
          <Stack align="center" gap={4}>
            <Text fw={hint ? 600 : undefined}>{filtered ? noMatches : nothingYet}</Text>
            {hint && (
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            )}
          </Stack>
          {filtered && (
            <Button variant="light" onClick={onClearFilters}>
              {clearLabel}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md">
      {children(results)}
      <ListPager pages={pageCount(count, pageSize)} page={page} onPage={onPage} count={{ total: count, one, many }} />
    </Stack>
  );
}

function ListSkeleton({
  many,
  rows = 6,
  height = 48,
  cols,
}: {
  many: string;
  rows?: number;
  height?: number;
  cols?: SimpleGridProps['cols'];
}) {
  const bones = Array.from({ length: rows }, (_, index) => <Skeleton key={index} height={height} radius="md" />);
  const busy = { 'aria-busy': true, 'aria-label': `Loading ${many}` } as const;
  return cols ? (
    <SimpleGrid cols={cols} {...busy}>
      {bones}
    </SimpleGrid>
  ) : (
    <Stack gap="xs" {...busy}>
      {bones}
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
  // Forgotten as the list changes, so that coming back to the same list does not bring it back.
  if (selection.key !== listKey) setSelection({ key: listKey, ids: new Set() });
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
