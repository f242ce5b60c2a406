// The absence list's filters, all kept in the address: status (with "Needs approval"), "Only
// mine to approve" (show_relevant_to_me=1, for approvers), department, leave type, dates and
// a search box sent 250 ms after typing stops. On a phone they fold away behind one button.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox } from '@mantine/core';
import { DateField } from '../../../../client/ui/date-field';
import { useQuery } from '@tanstack/react-query';
import { FilterChoices, namedChoices } from '../../../../client/ui/filter-choices';
import { FiltersFold } from '../../../../client/ui/filters-fold';
import { SearchField } from '../../../../client/ui/search-field';
import { ABSENCE_STATUS_LABELS, NEED_APPROVAL, type AbsenceStatus } from '../../leave.contract';
import { listFilterCount, STATUS_FILTERS, withFilters, type AbsenceListSearch } from '../absence-list-search';
import { departmentsQueryOptions } from '../../../../client/api/reference-lists';
import { leaveTypesQueryOptions } from '../requests.api';

export const NEEDS_APPROVAL_LABEL = 'Needs approval';
export const ONLY_MINE_LABEL = 'Only mine to approve';

const statusLabel = (status: string) => (status === NEED_APPROVAL ? NEEDS_APPROVAL_LABEL : ABSENCE_STATUS_LABELS[status as AbsenceStatus]);

type Props = { search: AbsenceListSearch; onChange: (next: AbsenceListSearch, options?: { replace?: boolean }) => void; approver: boolean };

export function ListFilters({ search, onChange, approver }: Props) {
  const departments = useQuery(departmentsQueryOptions());
  const leaveTypes = useQuery(leaveTypesQueryOptions());
  const set = (patch: Partial<AbsenceListSearch>) => onChange(withFilters(search, patch));
  const searchBox = (
    <SearchField
      label="Search"
      placeholder="Name"
      value={search.search}
      // Typing replaces the address rather than adding a history entry per pause.
      onSearch={(text) => onChange(withFilters(search, { search: text }), { replace: true })}
    />
  );
  const filters = (
    <>
      <FilterChoices
        label="Status"
        data={STATUS_FILTERS.map((status) => ({ value: status, label: statusLabel(status) }))}
        value={search.status}
        onChange={(status) => set({ status })}
        whole="Any status"
        searchable={false}
      />
      <FilterChoices
        label="Department"
        data={namedChoices(departments.data?.results)}
        value={search.department_id}
        onChange={(department_id) => set({ department_id })}
        whole="All departments"
      />
      <FilterChoices
        label="Leave type"
        data={namedChoices(leaveTypes.data)}
        value={search.leave_type_id}
        onChange={(leave_type_id) => set({ leave_type_id })}
        whole="All leave types"
      />
      <DateField label="From" name="from" value={search.from ?? ''} onChange={(from) => set({ from })} />
      <DateField label="To" name="to" value={search.to ?? ''} onChange={(to) => set({ to })} />
      {approver && (
        <Checkbox
          label={ONLY_MINE_LABEL}
          checked={search.show_relevant_to_me === 1}
          onChange={(event) => set({ show_relevant_to_me: event.currentTarget.checked ? 1 : undefined })}
          style={{ alignSelf: 'end' }}
          mb={8}
        />
      )}
    </>
  );

  return (
    <FiltersFold id="absence-filters" search={searchBox} chosen={listFilterCount(search)} cols={{ base: 1, sm: 2, lg: 4 }}>
      {filters}
    </FiltersFold>
  );
}
