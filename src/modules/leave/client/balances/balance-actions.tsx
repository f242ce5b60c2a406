// The buttons above a person's balances: request leave, and for owners and HR admins assign
// the person's policy and open their next leave year (asked first: it carries over what is left).
import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { can } from '../../../../client/ui/permission-guard';
import { createNewPeriodMutationOptions } from '../balances.api';
import { AssignPolicyModal } from './assign-policy-modal';

export const OPEN_NEXT_YEAR_MESSAGE =
  'This opens the leave year after the current one. Unused allowance is carried over up to the policy’s limit.';

export function BalanceActions({ userId, hasPeriod }: { userId: string; hasPeriod: boolean }) {
  const queryClient = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const openNext = useMutation(createNewPeriodMutationOptions(queryClient));
  const mayAssign = can({ endpoint: '/api/user-absence-policy', method: 'PUT' });
  const mayOpen = can({ endpoint: '/api/create-new-period', method: 'POST' });
  const problem = openNext.error && isApiError(openNext.error) && openNext.error.status < 500 ? openNext.error.message : null;

  const confirm = async () => {
    await openNext.mutateAsync(userId);
    setConfirming(false);
    showSuccessToast({ message: 'Next leave year opened.' });
  };

  return (
    <Group gap="xs">
      <Button component={Link} to="/leave-and-absences/request" w={{ base: '100%', xs: 'auto' }}>
        Request leave
      </Button>
      {mayAssign && (
        <Button variant="default" onClick={() => setAssigning(true)} w={{ base: '100%', xs: 'auto' }}>
          Assign policy
        </Button>
      )}
      {mayOpen && hasPeriod && (
        <Button
          variant="default"
          w={{ base: '100%', xs: 'auto' }}
          onClick={() => {
            openNext.reset();
            setConfirming(true);
          }}
        >
          Open next leave year
        </Button>
      )}
      <AssignPolicyModal userId={userId} opened={assigning} onClose={() => setAssigning(false)} />
      <ConfirmDialog
        opened={confirming}
        title="Open next leave year"
        message={OPEN_NEXT_YEAR_MESSAGE}
        confirmLabel="Open next leave year"
        color="blue"
        busy={openNext.isPending}
        problem={problem}
        onConfirm={() => void confirm().catch(() => undefined)}
        onClose={() => setConfirming(false)}
      />
    </Group>
  );
}
