// The directory's list: rows for the address's filters and page (20 a page), a loading
// skeleton, an error with a retry, the empty state with "Clear filters", selection for the
// bulk actions and the pager. The selection is of what is on screen: it empties when the list changes.
import '@mantine/core/styles/Skeleton.css';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DIRECTORY_PAGE_SIZE, directoryPageQueryOptions } from '../directory.api';
import { BulkBar } from './bulk-actions';
import { hasFilters, toDirectoryQuery, type DirectorySearch } from './directory-search';
import { DirectoryCards, DirectoryTable } from './directory-table';
import { LoadError } from '../../../../client/ui/load-error';
import { ListPager } from '../../../../client/ui/list-pager';
import { PHONE_QUERY } from '../../../../client/ui/phone';

export const NO_MATCHES = 'No employees match these filters.';

type Props = { search: DirectorySearch; bulkAllowed: boolean; onPage: (page: number) => void; onClearFilters: () => void };

export function DirectoryList({ search, bulkAllowed, onPage, onClearFilters }: Props) {
  const page = search.page ?? 1;
  const query = toDirectoryQuery(search);
  const list = useQuery(directoryPageQueryOptions(search));
  const phone = useMediaQuery(PHONE_QUERY);
  const listKey = JSON.stringify([query, page]);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: listKey, ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const rows = list.data?.results ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / DIRECTORY_PAGE_SIZE)) : 1;

  const select = (ids: Set<string>) => setSelection({ key: listKey, ids });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    select(next);
  };
  const toggleAll = (on: boolean) => select(on ? new Set(rows.map((row) => row.id)) : new Set());

  if (list.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading employees">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={48} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return <LoadError what="employees" error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (rows.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="sm">
          <Text>{NO_MATCHES}</Text>
          {hasFilters(search) && (
            <Button variant="light" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  const Rows = phone ? DirectoryCards : DirectoryTable;
  return (
    <Stack gap="md">
      {bulkAllowed && selected.size > 0 && (
        <BulkBar userIds={[...selected]} onDone={() => select(new Set())} onClear={() => select(new Set())} />
      )}
      <Rows rows={rows} selected={bulkAllowed ? selected : null} onToggle={toggle} onToggleAll={toggleAll} />
      <ListPager pages={pages} page={page} onPage={onPage} count={{ total: list.data.count, one: 'employee', many: 'employees' }} />
    </Stack>
  );
}
