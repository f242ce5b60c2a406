// "Terminate" (POST /api/user-terminate): the date (the person keeps access until the end of
// it), a reason from the company's termination reasons and notes; then a confirmation that
// says what will happen. A 422 goes back onto the form's fields.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type * as v from 'valibot';
import { isApiError } from '../../../../client/api/api-client';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm } from '../../../../client/ui/use-form';
import { DATE_FORMATS, formatCalendarDate, londonDate } from '../../../../shared/dates';
import { TerminateInputSchema } from '../../directory.contract';
import { refusalMessage, terminateMutationOptions, terminationReasonsQueryOptions } from '../directory.api';
import { DateField } from '../../../../client/ui/date-field';
import { FormFooter } from '../../../../client/ui/form-footer';
import { ProblemAlert } from '../../../../client/ui/problem-alert';

type Props = { opened: boolean; userId: string; name: string; onClose: () => void };

export function TerminateModal({ opened, userId, name, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Terminate ${name}`}>
      {opened && <TerminateForm userId={userId} name={name} onClose={onClose} />}
    </Modal>
  );
}

type Input = v.InferOutput<typeof TerminateInputSchema>;

function TerminateForm({ userId, name, onClose }: Omit<Props, 'opened'>) {
  const queryClient = useQueryClient();
  const reasons = useQuery(terminationReasonsQueryOptions());
  const terminate = useMutation(terminateMutationOptions(queryClient));
  const [confirming, setConfirming] = useState<Input | null>(null);
  const form = useForm({
    schema: TerminateInputSchema,
    initialValues: { user_id: userId, termination_date: londonDate(new Date()), termination_reason_id: null, notes: '' },
    onSubmit: (input) => setConfirming(input),
  });

  const confirm = (input: Input) =>
    terminate.mutate(
      { ...input, notes: input.notes || undefined },
      {
        onSuccess: () => {
          showSuccessToast({ message: `${name}'s termination has been recorded.` });
          onClose();
        },
        onError: (error) => {
          // Back to the form, with the server's messages on its fields.
          if (isApiError(error, 422) && error.fieldErrors) {
            form.setErrors(error.fieldErrors);
            setConfirming(null);
          }
        },
      },
    );

  if (confirming) {
    const problem = terminate.isError ? refusalMessage(terminate.error) : null;
    return (
      <Stack gap="md">
        <Text>
          Terminate {name}&apos;s employment on {formatCalendarDate(confirming.termination_date, DATE_FORMATS.date)}? They keep access until
          the end of that day.
        </Text>
        <ProblemAlert problem={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(null)}>
            Back
          </Button>
          <Button color="red" loading={terminate.isPending} onClick={() => confirm(confirming)}>
            Confirm termination
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label={`Terminate ${name}`}>
      <Stack gap="md">
        <DateField label="Termination date" required {...form.valueProps<string>('termination_date')} />
        <SelectField
          label="Reason"
          required
          data={(reasons.data?.results ?? []).map((reason) => ({ value: reason.id, label: reason.name }))}
          {...form.valueProps<string | null>('termination_reason_id')}
        />
        <TextareaField label="Notes" maxLength={2000} {...form.textProps('notes')} />
        <FormFooter submitting={false} onCancel={onClose} label="Continue" color="red" />
      </Stack>
    </form>
  );
}
