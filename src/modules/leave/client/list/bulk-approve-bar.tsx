// "Approve selected" for the rows the caller may approve (/bulk, all or nothing):
// asks first, and a refusal shows the server's reason in the dialog and approves nothing.
import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { SelectionBar } from '../../../../client/ui/selection-bar';
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
    <SelectionBar count={ids.length} onClear={onClear}>
      <Button size="xs" color="green" onClick={() => setConfirming(true)}>
        Approve selected
      </Button>
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
    </SelectionBar>
  );
}
