// /leave-and-absences/return-to-work (the target when only return-to-work items are
// pending): the items the caller may see, filtered by status and "Mine to act on"
// (show_relevant_to_me=1), each opening its self-certification or review page.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Skeleton.css';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { PermissionGuard } from '../../../client/ui/permission-guard';
import { SelectField } from '../../../client/ui/select-field';
import { LEAVE_ENDPOINTS, RETURN_TO_WORK_STATUS_LABELS, RETURN_TO_WORK_STATUSES, type ReturnToWorkStatus } from '../leave.contract';
import { LeaveNav } from './leave-nav';
import { RETURN_TO_WORK_PAGE_SIZE, returnToWorkListQueryOptions, type ReturnToWorkFilters } from './return-to-work.api';
import { ReturnToWorkCards, ReturnToWorkTable } from './return-to-work/return-to-work-rows';
import { ListPager } from '../../../client/ui/list-pager';
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
  const items = list.data?.results ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / RETURN_TO_WORK_PAGE_SIZE)) : 1;

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
      {list.isPending ? (
        <Skeleton h={160} radius="md" aria-label="Loading return to work items" />
      ) : list.isError ? (
        <Alert color="red" role="alert" title="The return to work items could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{NO_RETURN_TO_WORK}</Text>
        </Paper>
      ) : (
        <>
          {phone ? <ReturnToWorkCards items={items} /> : <ReturnToWorkTable items={items} />}
          <ListPager pages={pages} page={page} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
