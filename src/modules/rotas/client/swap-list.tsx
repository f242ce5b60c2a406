// Swaps: colleagues' offers to take, one's own offers to withdraw, and (for a manager) the
// accepted swaps waiting for approval.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { getToken } from '../../../client/auth/token-store';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { Swap, SwapAction } from '../rotas.contract';
import { dayLabel, shiftDate, timesOf } from './rota-format';
import { swapActionMutationOptions } from './rotas.api';

const STATUS_LABELS: Record<Swap['status'], string> = {
  offered: 'Offered',
  accepted: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Withdrawn',
};
const DONE: Record<SwapAction, string> = {
  accept: 'You have taken the shift.',
  approve: 'Swap approved.',
  decline: 'Swap declined.',
  cancel: 'Your offer is withdrawn.',
};

export function SwapList({ swaps, manage = false }: { swaps: Swap[]; manage?: boolean }) {
  const queryClient = useQueryClient();
  const act = useMutation(swapActionMutationOptions(queryClient));
  const me = readTokenClaims(getToken())?.user_id ?? null;
  const shown = manage ? swaps.filter((swap) => swap.status === 'accepted' || swap.status === 'offered') : swaps;
  const button = (swap: Swap, action: SwapAction, label: string, color?: string) => (
    <Button
      size="xs"
      variant={action === 'decline' || action === 'cancel' ? 'default' : 'filled'}
      {...(color ? { color } : {})}
      loading={act.isPending && act.variables?.id === swap.id && act.variables.action === action}
      onClick={() => act.mutate({ id: swap.id, action }, { onSuccess: () => showSuccessToast({ message: DONE[action] }) })}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="sm" component="section" aria-label={manage ? 'Swaps to approve' : 'Swaps'}>
      <Title order={2} size="h3">
        {manage ? 'Swaps to approve' : 'Swaps'}
      </Title>
      {shown.length === 0 && <Text c="dimmed">{manage ? 'No swaps waiting.' : 'No swaps offered.'}</Text>}
      {shown.map((swap) => (
        <Paper key={swap.id} withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>
                {dayLabel(shiftDate(swap.shift))}, {timesOf(swap.shift)}
              </Text>
              <Text size="sm">
                {swap.offered_by === me ? 'Your shift' : `${swap.offered_by_name}'s shift`} · {swap.shift.role || 'Shift'} ·{' '}
                {swap.shift.department_name}
              </Text>
              {swap.accepted_by_name && <Text size="sm">Taken by {swap.accepted_by === me ? 'you' : swap.accepted_by_name}</Text>}
              {swap.note && (
                <Text size="sm" c="dimmed">
                  “{swap.note}”
                </Text>
              )}
            </Stack>
            <Badge variant="light">{STATUS_LABELS[swap.status]}</Badge>
          </Group>
          <Group justify="flex-end" gap="xs" mt="xs">
            {manage && swap.status === 'accepted' && button(swap, 'approve', 'Approve', 'green')}
            {manage && button(swap, 'decline', 'Decline')}
            {!manage && swap.status === 'offered' && swap.offered_by !== me && button(swap, 'accept', 'Take this shift')}
            {!manage &&
              swap.offered_by === me &&
              (swap.status === 'offered' || swap.status === 'accepted') &&
              button(swap, 'cancel', 'Withdraw')}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
