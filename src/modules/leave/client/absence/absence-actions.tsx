// What the caller may do to an absence, by the flags the server sent: Approve / Decline (a
// cancellation request's too), Cancel — or "Request cancellation" once it has started — after a
// confirmation, "Mark returned to work" for open-ended sickness, and the return-to-work link.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { showDangerToast, showSuccessToast } from '../../../../client/shell/toasts';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { DateField } from '../../../../client/ui/date-field';
import { isIsoDate, londonDate } from '../../../../shared/dates';
import { type Absence } from '../../absences.contract';
import { leaveMessages } from '../../leave.contract';
import { approveMutationOptions, cancelMutationOptions, refusalMessage, returnMutationOptions } from '../absences.api';
import { personName } from './absence-format';
import { DeclineModal } from './decline-modal';
import { FormFooter } from '../../../../client/ui/form-footer';
import { usePhone } from '../../../../client/ui/phone';

/** An approved absence that has begun can only be withdrawn with an approver's agreement. */
export const needsCancellationRequest = (absence: Absence, today: string) => absence.status === 'approved' && absence.start_date <= today;

export const isOpenSickness = (absence: Absence) =>
  absence.leave_type?.key === 'sickness' &&
  absence.end_date === null &&
  absence.returned_on === null &&
  (absence.status === 'approved' || absence.status === 'pending');

export function AbsenceActions({ absence }: { absence: Absence }) {
  const queryClient = useQueryClient();
  const approve = useMutation(approveMutationOptions(queryClient));
  const cancel = useMutation(cancelMutationOptions(queryClient));
  // A push notification's Decline opens the absence with ?decline=1: the reason box, at once.
  const [declining, setDeclining] = useState(
    () => absence.can_approve && new URLSearchParams(window.location.search).get('decline') === '1',
  );
  const [cancelling, setCancelling] = useState(false);
  const [returning, setReturning] = useState(false);
  const who = personName(absence.user);
  const cancellation = absence.status === 'cancellation_requested';
  const request = needsCancellationRequest(absence, londonDate(new Date()));
  const cancelLabel = request ? 'Request cancellation' : 'Cancel absence';
  // Phones get full-width buttons, one under another.
  const phone = usePhone();
  const Bar = phone ? Stack : Group;

  const approveNow = () =>
    approve.mutate(absence.id, {
      onSuccess: () => showSuccessToast({ message: cancellation ? 'Cancellation approved.' : 'Absence approved.' }),
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });
  const cancelNow = () =>
    cancel.mutate(
      { id: absence.id, reason: null },
      {
        onSuccess: (answer) => {
          showSuccessToast({ message: answer?.status === 'cancellation_requested' ? 'Cancellation requested.' : 'Absence cancelled.' });
          setCancelling(false);
        },
      },
    );

  const anything = absence.can_approve || absence.can_cancel || isOpenSickness(absence) || absence.return_to_work_id;
  if (!anything) return null;
  return (
    <Bar gap="sm">
      {absence.can_approve && (
        <>
          <Button fullWidth={phone} color="green" loading={approve.isPending} onClick={approveNow}>
            {cancellation ? 'Approve cancellation' : 'Approve'}
          </Button>
          <Button fullWidth={phone} variant="default" onClick={() => setDeclining(true)}>
            {cancellation ? 'Decline cancellation' : 'Decline'}
          </Button>
        </>
      )}
      {absence.can_cancel && (
        <Button fullWidth={phone} variant="default" color="red" onClick={() => setCancelling(true)}>
          {cancelLabel}
        </Button>
      )}
      {isOpenSickness(absence) && (
        <Button fullWidth={phone} variant="light" onClick={() => setReturning(true)}>
          Mark returned to work
        </Button>
      )}
      {absence.return_to_work_id && (
        <Button
          fullWidth={phone}
          variant="subtle"
          renderRoot={(props) => (
            <Link {...props} to="/return-to-work/$id/self-certification" params={{ id: absence.return_to_work_id ?? '' }} />
          )}
        >
          Open return to work
        </Button>
      )}
      <DeclineModal absence={declining ? { id: absence.id, who } : null} onClose={() => setDeclining(false)} />
      <ConfirmDialog
        opened={cancelling}
        title={cancelLabel}
        message={
          request
            ? 'This absence has already started, so an approver must agree to cancel it. Ask for the cancellation?'
            : 'Cancel this absence? Any days it took from the allowance are given back.'
        }
        confirmLabel={cancelLabel}
        busy={cancel.isPending}
        problem={cancel.isError ? (refusalMessage(cancel.error) ?? 'The absence could not be cancelled. Please try again.') : null}
        onConfirm={cancelNow}
        onClose={() => {
          setCancelling(false);
          cancel.reset();
        }}
      />
      <ReturnModal absence={absence} opened={returning} onClose={() => setReturning(false)} />
    </Bar>
  );
}

function ReturnModal({ absence, opened, onClose }: { absence: Absence; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const markReturned = useMutation(returnMutationOptions(queryClient));
  const [date, setDate] = useState(londonDate(new Date()));
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!isIsoDate(date)) return setError(leaveMessages.date);
    if (date < absence.start_date) return setError(leaveMessages.returnBeforeStart);
    markReturned.mutate(
      { id: absence.id, returned_on: date },
      {
        onSuccess: () => {
          showSuccessToast({ message: 'Marked as returned to work.' });
          onClose();
        },
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Mark returned to work">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text>The day {personName(absence.user)} came back to work.</Text>
          <DateField
            label="Back at work on"
            name="returned_on"
            required
            value={date}
            error={error ?? undefined}
            onChange={(next) => {
              setDate(next);
              setError(null);
            }}
          />
          {markReturned.isError && !error && (
            <Alert color="red" role="alert">
              The change could not be saved. Please try again.
            </Alert>
          )}
          <FormFooter submitting={markReturned.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
