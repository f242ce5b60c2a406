// The absence list for the address's filters and page (20 a page), in the states every filtered
// list has (FilteredList): selection of approvable rows for "Approve selected", inline Approve /
// Decline, and "No absences match these filters." when nothing does.
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
import { FilteredList, useScreenSelection } from '../../../../client/ui/filtered-list';
import { usePhone } from '../../../../client/ui/phone';

export const NO_MATCHES = 'No absences match these filters.';

type Props = { search: AbsenceListSearch; onPage: (page: number) => void; onClearFilters: () => void };

export function AbsenceList({ search, onPage, onClearFilters }: Props) {
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const list = useQuery(absenceListPageQueryOptions(search));
  const approve = useMutation(approveMutationOptions(queryClient));
  const phone = usePhone();
  const [declining, setDeclining] = useState<Absence | null>(null);
  const approvable = (list.data?.results ?? []).filter((row) => row.can_approve);
  // Only rows still approvable count: one decided elsewhere (realtime) leaves the selection.
  const { selected, toggle, toggleAll, clear } = useScreenSelection(JSON.stringify([toAbsenceFilters(search), page]), approvable);

  const approveOne = (absence: Absence) =>
    approve.mutate(absence.id, {
      onSuccess: () => showSuccessToast({ message: `${personName(absence.user)}'s absence approved.` }),
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });

  const Rows = phone ? AbsenceCards : AbsenceTable;
  return (
    <FilteredList
      list={list}
      one="absence"
      many="absences"
      noMatches={NO_MATCHES}
      filtered={hasFilters(search)}
      onClearFilters={onClearFilters}
      page={page}
      pageSize={ABSENCE_PAGE_SIZE}
      onPage={onPage}
    >
      {(rows) => (
        <>
          {selected.size > 0 && <BulkApproveBar ids={[...selected]} onDone={clear} onClear={clear} />}
          <Rows
            rows={rows}
            selected={approvable.length > 0 ? selected : null}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onApprove={approveOne}
            onDecline={setDeclining}
            busyId={approve.isPending ? (approve.variables ?? null) : null}
          />
          <DeclineModal
            absence={declining ? { id: declining.id, who: personName(declining.user) } : null}
            onClose={() => setDeclining(null)}
          />
        </>
      )}
    </FilteredList>
  );
}
