// /leave-and-absences/list: every absence the caller may see, filtered in the
// address (the menu's approvals target is `?status=needApproval&show_relevant_to_me=1`), with
// approvals inline and in bulk, and the user's own requests still waiting in the outbox on top.
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { QueuedWrites } from '../../../client/offline/queued-writes';
import { usePageTitle } from '../../../client/shell/page-title';
import { can } from '../../../client/ui/permission-guard';
import { LEAVE_ENDPOINTS, LEAVE_ROUTES } from '../leave.contract';
import { withFilters } from './absence-list-search';
import { LeaveNav } from './leave-nav';
import { AbsenceList } from './list/absence-list';
import { ListFilters } from './list/list-filters';
import { useQueuedAbsences } from './list/queued-absences';
import { useAbsenceListSearch } from './list/use-absence-list-search';
import { LEAVE_SCREENS } from './leave.screens';

export const APPROVER = { endpoint: LEAVE_ENDPOINTS.approve, method: 'POST' } as const;

export function AbsenceListPage() {
  usePageTitle(LEAVE_SCREENS.list.heading);
  const [search, setSearch] = useAbsenceListSearch();
  const queued = useQueuedAbsences();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{LEAVE_SCREENS.list.heading}</Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          renderRoot={(props) => <Link {...props} to={LEAVE_ROUTES.request} />}
        >
          Request leave
        </Button>
      </Group>
      <LeaveNav />
      <ListFilters search={search} onChange={setSearch} approver={can(APPROVER)} />
      <QueuedWrites queued={queued} />
      <AbsenceList
        search={search}
        onPage={(page) => setSearch({ ...search, page: page > 1 ? page : undefined })}
        onClearFilters={() => setSearch(withFilters({}, {}))}
      />
    </Stack>
  );
}
