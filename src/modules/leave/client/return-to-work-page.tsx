// /leave-and-absences/return-to-work (the target when only return-to-work items are
// pending): the items the caller may see, filtered by status and "Mine to act on"
// (show_relevant_to_me=1), each opening its self-certification or review page.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { PermissionGuard } from '../../../client/ui/permission-guard';
import { SelectField } from '../../../client/ui/select-field';
import { LEAVE_ENDPOINTS, RETURN_TO_WORK_STATUS_LABELS, RETURN_TO_WORK_STATUSES, type ReturnToWorkStatus } from '../leave.contract';
import { LeaveNav } from './leave-nav';
import { RETURN_TO_WORK_PAGE_SIZE, returnToWorkListQueryOptions, type ReturnToWorkFilters } from './return-to-work.api';
import { ReturnToWorkCards, ReturnToWorkTable } from './return-to-work/return-to-work-rows';
import { FilteredList } from '../../../client/ui/filtered-list';
import { usePhone } from '../../../client/ui/phone';

export const NO_RETURN_TO_WORK = 'No return to work items match these filters.';

export function ReturnToWorkPage() {
  usePageTitle('Return to work');
  return (
    <Stack gap="lg">
      <Title order={1}>Leave & Absences</Title>
      <LeaveNav />
      <PermissionGuard requires={{ endpoint: LEAVE_ENDPOINTS.returnToWork, method: 'GET' }}>
        <ReturnToWorkList />
      </PermissionGuard>
    </Stack>
  );
}

function ReturnToWorkList() {
  const [status, setStatus] = useState<ReturnToWorkStatus | null>(null);
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const phone = usePhone();
  const filters: ReturnToWorkFilters = { ...(status ? { status: [status] } : {}), ...(mine ? { show_relevant_to_me: 1 as const } : {}) };
  const list = useQuery(returnToWorkListQueryOptions({ filters, page }));

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md">
        <SelectField
          label="Status"
          noneLabel="Any status"
          data={RETURN_TO_WORK_STATUSES.map((value) => ({ value, label: RETURN_TO_WORK_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value as ReturnToWorkStatus | null);
            setPage(1);
          }}
          w={phone ? '100%' : 260}
        />
        <Checkbox
          label="Mine to act on"
          checked={mine}
          mb={8}
          onChange={(event) => {
            setMine(event.currentTarget.checked);
            setPage(1);
          }}
        />
      </Group>
      <FilteredList
        list={list}
        one="return to work item"
        many="return to work items"
        noMatches={NO_RETURN_TO_WORK}
        filtered={status !== null || mine}
        onClearFilters={() => {
          setStatus(null);
          setMine(false);
          setPage(1);
        }}
        page={page}
        pageSize={RETURN_TO_WORK_PAGE_SIZE}
        onPage={setPage}
        skeleton={{ rows: 1, height: 160 }}
      >
        {(items) => (phone ? <ReturnToWorkCards items={items} /> : <ReturnToWorkTable items={items} />)}
      </FilteredList>
    </Stack>
  );
}
