// Dashboard widget "Requests awaiting me", for approvers (/api/approve-absence): the first 5
// absences waiting for the caller's decision (`status=needApproval&show_relevant_to_me=1`,
// ) with an Approve button each and a link to the whole list. Nothing when none wait.
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { showDangerToast, showSuccessToast } from '../../../../client/shell/toasts';
import { queryRead, type QueryRead } from '../../../../client/api/read-batch';
import { can } from '../../../../client/ui/permission-guard';
import { type Absence } from '../../absences.contract';
import { LEAVE_ENDPOINTS, LEAVE_ROUTES, NEED_APPROVAL } from '../../leave.contract';
import { absenceDates, leaveTypeName, personName } from '../absence/absence-format';
import { absenceListQueryOptions, approveMutationOptions, refusalMessage, type AbsenceFilters } from '../absences.api';

export const AWAITING_LIMIT = 5;
export const AWAITING_FILTERS: AbsenceFilters = { status: [NEED_APPROVAL], show_relevant_to_me: 1 };

const mayApprove = () => can({ endpoint: LEAVE_ENDPOINTS.approve, method: 'POST' });
const waitingQuery = () => ({
  ...absenceListQueryOptions({ filters: AWAITING_FILTERS, page: 1, limit: AWAITING_LIMIT }),
  meta: { errorToast: false },
});

export const awaitingMeReads = (): readonly QueryRead[] => (mayApprove() ? [queryRead(waitingQuery())] : []);

export function AwaitingMeWidget() {
  const allowed = mayApprove();
  const queryClient = useQueryClient();
  const waiting = useQuery({ ...waitingQuery(), enabled: allowed });
  const approve = useMutation(approveMutationOptions(queryClient));
  const rows = waiting.data?.results ?? [];
  if (!allowed || rows.length === 0) return null;

  const approveOne = (absence: Absence) =>
    approve.mutate(absence.id, {
      onSuccess: () => showSuccessToast({ message: `${personName(absence.user)}'s absence approved.` }),
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="requests-awaiting-me">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4" id="requests-awaiting-me">
          Requests awaiting me
        </Title>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to={LEAVE_ROUTES.list} search={AWAITING_FILTERS} />}>
          {waiting.data && waiting.data.count > rows.length ? `See all ${waiting.data.count}` : 'Open the list'}
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((absence) => (
          <Group key={absence.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Anchor fw={600} size="sm" renderRoot={(props) => <Link {...props} to="/absence/$id" params={{ id: absence.id }} />}>
                {personName(absence.user)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {leaveTypeName(absence)} · {absenceDates(absence)}
                {absence.status === 'cancellation_requested' ? ' · Cancellation requested' : ''}
              </Text>
            </Stack>
            {absence.can_approve && (
              <Button
                size="xs"
                color="green"
                style={{ flex: 'none' }}
                loading={approve.isPending && approve.variables === absence.id}
                onClick={() => approveOne(absence)}
                aria-label={`Approve ${personName(absence.user)}`}
              >
                Approve
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
