// The absence list for the address's filters and page (20 a page): loading skeleton, an error
// with a retry, "No absences match these filters.", selection of approvable rows for "Approve
// selected", inline Approve / Decline, and the pager. The selection is of what is on screen.
import '@mantine/core/styles/Skeleton.css';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showDangerToast, showSuccessToast } from '../../../../client/shell/toasts';
import type { Absence } from '../../absences.contract';
import { personName } from '../absence/absence-format';
import { DeclineModal } from '../absence/decline-modal';
import { hasFilters, toAbsenceFilters, type AbsenceListSearch } from '../absence-list-search';
import { ABSENCE_PAGE_SIZE, absenceListPageQueryOptions, approveMutationOptions, refusalMessage } from '../absences.api';
import { AbsenceCards, AbsenceTable } from './absence-rows';
import { BulkApproveBar } from './bulk-approve-bar';
import { LoadError } from '../../../../client/ui/load-error';
import { ListPager } from '../../../../client/ui/list-pager';
import { PHONE_QUERY } from '../../../../client/ui/phone';

export const NO_MATCHES = 'No absences match these filters.';

type Props = { search: AbsenceListSearch; onPage: (page: number) => void; onClearFilters: () => void };

export function AbsenceList({ search, onPage, onClearFilters }: Props) {
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const filters = toAbsenceFilters(search);
  const list = useQuery(absenceListPageQueryOptions(search));
  const approve = useMutation(approveMutationOptions(queryClient));
  const phone = useMediaQuery(PHONE_QUERY);
  const listKey = JSON.stringify([filters, page]);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: listKey, ids: new Set() });
  const [declining, setDeclining] = useState<Absence | null>(null);
  const rows = list.data?.results ?? [];
  const approvable = rows.filter((row) => row.can_approve);
  // Only rows still approvable count: one decided elsewhere (realtime) leaves the selection.
  const selected = new Set(selection.key === listKey ? approvable.filter((row) => selection.ids.has(row.id)).map((row) => row.id) : []);
  const select = (ids: Set<string>) => setSelection({ key: listKey, ids });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    select(next);
  };

  const approveOne = (absence: Absence) =>
    approve.mutate(absence.id, {
      onSuccess: () => showSuccessToast({ message: `${personName(absence.user)}'s absence approved.` }),
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });

  if (list.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading absences">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={48} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return <LoadError what="absences" error={list.error} onRetry={() => void list.refetch()} />;
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
  const pages = Math.max(1, Math.ceil(list.data.count / ABSENCE_PAGE_SIZE));
  const Rows = phone ? AbsenceCards : AbsenceTable;
  return (
    <Stack gap="md">
      {selected.size > 0 && <BulkApproveBar ids={[...selected]} onDone={() => select(new Set())} onClear={() => select(new Set())} />}
      <Rows
        rows={rows}
        selected={approvable.length > 0 ? selected : null}
        onToggle={toggle}
        onToggleAll={(on) => select(on ? new Set(approvable.map((row) => row.id)) : new Set())}
        onApprove={approveOne}
        onDecline={setDeclining}
        busyId={approve.isPending ? (approve.variables ?? null) : null}
      />
      <ListPager pages={pages} page={page} onPage={onPage} count={{ total: list.data.count, one: 'absence', many: 'absences' }} />
      <DeclineModal absence={declining ? { id: declining.id, who: personName(declining.user) } : null} onClose={() => setDeclining(null)} />
    </Stack>
  );
}
