// /overtime: the reports the caller may see — everything (their own and their team's), their
// own, or those waiting for their decision — filtered by status in the address (the menu's
// target when reports wait is `?status=reported`), with the user's reports still in the
// outbox on top, paging, empty and loading states.
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import { Button, Group, MultiSelect, SegmentedControl, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { QueuedWrites } from '../../../client/offline/queued-writes';
import { usePageTitle } from '../../../client/shell/page-title';
import { FilteredList } from '../../../client/ui/filtered-list';
import { can } from '../../../client/ui/permission-guard';
import {
  OVERTIME_ENDPOINTS,
  OVERTIME_STATUS_LABELS,
  OVERTIME_STATUSES,
  type OvertimeStatus,
  type OvertimeView,
} from '../overtime.contract';
import { OVERTIME_PAGE_SIZE, overtimeListQueryOptions } from './overtime.api';
import { toOvertimeFilters, type OvertimeListSearch } from './overtime-search';
import { OvertimeRow } from './overtime-rows';
import { useQueuedReports } from './queued-reports';
import { OVERTIME_SCREEN } from './overtime.screens';

export const APPROVER = { endpoint: OVERTIME_ENDPOINTS.approve, method: 'PUT' } as const;
const PAYROLL = { endpoint: '/api/payroll-period', method: 'GET', scope: 'company' } as const;

const EMPTY: Record<OvertimeView, string> = {
  all: 'No overtime reported yet.',
  mine: 'You have not reported any overtime yet.',
  to_approve: 'Nothing waits for your decision.',
};

export function OvertimeListPage({ search, onSearch }: { search: OvertimeListSearch; onSearch: (next: OvertimeListSearch) => void }) {
  usePageTitle(OVERTIME_SCREEN.heading);
  const queued = useQueuedReports();
  const approver = can(APPROVER);
  const filters = toOvertimeFilters(search);
  const list = useQuery(overtimeListQueryOptions(filters));
  const views: { value: OvertimeView; label: string }[] = [
    { value: 'all', label: 'All' },
    { value: 'mine', label: 'Mine' },
    ...(approver ? [{ value: 'to_approve' as const, label: 'To approve' }] : []),
  ];
  const filtered = Boolean(search.status) || filters.view !== 'all';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{OVERTIME_SCREEN.heading}</Title>
        <Group gap="xs">
          {can(PAYROLL) && (
            <Button variant="default" renderRoot={(props) => <Link {...props} to="/payroll" />}>
              Payroll data
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} renderRoot={(props) => <Link {...props} to="/overtime/report" />}>
            Report overtime
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Which reports"
          data={views}
          value={filters.view}
          onChange={(value) => onSearch({ ...search, view: value === 'all' ? undefined : (value as OvertimeView), page: undefined })}
        />
        <MultiSelect
          label="Status"
          placeholder={search.status ? undefined : 'Any status'}
          data={OVERTIME_STATUSES.map((status) => ({ value: status, label: OVERTIME_STATUS_LABELS[status] }))}
          value={search.status ?? []}
          onChange={(value) => onSearch({ ...search, status: value.length ? (value as OvertimeStatus[]) : undefined, page: undefined })}
          clearable
          miw={220}
        />
      </Group>
      <QueuedWrites queued={queued} />
      <FilteredList
        list={list}
        one="overtime report"
        many="overtime reports"
        noMatches={EMPTY[filters.view]}
        hint={filtered ? undefined : 'Report overtime once it is worked; your manager approves it.'}
        filtered={filtered}
        onClearFilters={() => onSearch({})}
        clearLabel="Show all reports"
        page={search.page ?? 1}
        pageSize={OVERTIME_PAGE_SIZE}
        onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        skeleton={{ rows: 3, height: 72 }}
      >
        {(reports) => (
          <Stack gap="xs" role="list" aria-label="Overtime reports">
            {reports.map((report) => (
              <OvertimeRow key={report.id} report={report} showPerson={filters.view !== 'mine'} />
            ))}
          </Stack>
        )}
      </FilteredList>
    </Stack>
  );
}
