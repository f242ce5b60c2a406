// "Approve selected" for the rows the caller may approve (/bulk, all or nothing):
// asks first, and a refusal shows the server's reason in the dialog and approves nothing.
import { Button, Group, Paper, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { bulkApproveMutationOptions, refusalMessage } from '../absences.api';

export const absencesCount = (count: number) => `${count} ${count === 1 ? 'absence' : 'absences'}`;

type Props = { ids: string[]; onDone: () => void; onClear: () => void };

export function BulkApproveBar({ ids, onDone, onClear }: Props) {
  const queryClient = useQueryClient();
  const bulk = useMutation(bulkApproveMutationOptions(queryClient));
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    bulk.reset();
  };
  const approve = () =>
    bulk.mutate(ids, {
      onSuccess: (result) => {
        showSuccessToast({ message: `${absencesCount(result.updated)} approved.` });
        close();
        onDone();
      },
    });

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{ids.length} selected</Text>
        <Group gap="xs">
          <Button size="xs" color="green" onClick={() => setConfirming(true)}>
            Approve selected
          </Button>
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Approve selected"
        message={`Approve ${absencesCount(ids.length)}? Each person is told at once.`}
        confirmLabel="Approve"
        color="green"
        busy={bulk.isPending}
        problem={bulk.isError ? (refusalMessage(bulk.error) ?? 'Nothing was approved. Please try again.') : null}
        onConfirm={approve}
        onClose={close}
      />
    </Paper>
  );
}
