// Declining an absence asks why (the reason reaches the employee): "Give a reason for
// declining." when it is empty, the server's refusal shown in the dialog.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { isApiError } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { FormFooter } from '../../../../client/ui/form-footer';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { DeclineInputSchema } from '../../absences.contract';
import { declineMutationOptions, refusalMessage } from '../absences.api';

type Props = { absence: { id: string; who: string } | null; onClose: () => void; onDone?: () => void };

export function DeclineModal({ absence, onClose, onDone }: Props) {
  return (
    <Modal opened={absence !== null} onClose={onClose} title="Decline absence">
      {absence && <DeclineForm key={absence.id} absence={absence} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function DeclineForm({ absence, onClose, onDone }: { absence: { id: string; who: string }; onClose: () => void; onDone?: () => void }) {
  const queryClient = useQueryClient();
  const decline = useMutation(declineMutationOptions(queryClient));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = v.safeParse(DeclineInputSchema, { reason });
    if (!parsed.success) return setError(parsed.issues[0]?.message ?? null);
    decline.mutate(
      { id: absence.id, reason: parsed.output.reason },
      {
        onSuccess: () => {
          showSuccessToast({ message: 'Absence declined.' });
          onDone?.();
          onClose();
        },
        onError: (failure) => {
          if (isApiError(failure, 422) && failure.fieldErrors?.reason) setError(failure.fieldErrors.reason.join(' '));
        },
      },
    );
  };
  const problem = decline.isError && !isApiError(decline.error, 422) ? refusalMessage(decline.error) : null;

  return (
    <form
      noValidate
      aria-label="Decline absence"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text>Decline the absence of {absence.who}? They will see your reason.</Text>
        <TextareaField
          label="Reason"
          required
          maxLength={500}
          value={reason}
          error={error ?? undefined}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
        />
        <FormFooter submitting={decline.isPending} onCancel={onClose} label="Decline" color="red" problem={problem} />
      </Stack>
    </form>
  );
}
