// Dashboard card "Expenses to approve", for approvers: the first claims waiting for the
// caller's decision, each with its amount and an Approve button, and a link to the list.
// Nothing when none wait.
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import { EXPENSE_ENDPOINT, type ExpenseClaim } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { claimTitle, personName } from './claim-format';
import { approveMutationOptions, claimListQueryOptions, refusalMessage } from './expenses.api';

export const WIDGET_LIMIT = 5;

const mayRead = () => can({ endpoint: EXPENSE_ENDPOINT, method: 'GET' });
const waitingQuery = () => ({
  ...claimListQueryOptions({ filters: { view: 'approve' }, page: 1, limit: WIDGET_LIMIT }),
  meta: { errorToast: false },
});

export const expenseApprovalsReads = (): readonly QueryRead[] => (mayRead() ? [queryRead(waitingQuery())] : []);

export function ExpenseApprovalsWidget() {
  const allowed = mayRead();
  const queryClient = useQueryClient();
  const waiting = useQuery({ ...waitingQuery(), enabled: allowed });
  const approve = useMutation(approveMutationOptions(queryClient));
  const rows = waiting.data?.results ?? [];
  if (!allowed || rows.length === 0) return null;

  const approveOne = (claim: ExpenseClaim) =>
    approve.mutate(
      { id: claim.id },
      {
        onSuccess: () => showSuccessToast({ message: `${personName(claim.user)}'s claim approved.` }),
        onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
      },
    );

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="expenses-to-approve">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4" id="expenses-to-approve">
          Expenses to approve
        </Title>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/expenses" search={{ view: 'approve' }} />}>
          {waiting.data && waiting.data.count > rows.length ? `See all ${waiting.data.count}` : 'Open the list'}
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((claim) => (
          <Group key={claim.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Anchor fw={600} size="sm" renderRoot={(props) => <Link {...props} to="/expense/$id" params={{ id: claim.id }} />}>
                {personName(claim.user)}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {claimTitle(claim)} · {formatPounds(claim.total)}
              </Text>
            </Stack>
            <Button
              size="xs"
              color="green"
              style={{ flex: 'none' }}
              loading={approve.isPending && approve.variables.id === claim.id}
              onClick={() => approveOne(claim)}
              aria-label={`Approve ${personName(claim.user)}'s claim`}
            >
              Approve
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
