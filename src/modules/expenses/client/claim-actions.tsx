// What the caller may do with a claim now: an approver approves (with any reduced amounts set
// on the items) or rejects with a reason; company scope marks an approved claim paid; the
// claimant edits, submits or withdraws it. Every step asks first where it cannot be undone.
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Paper, Stack, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { londonDate } from '../../../shared/dates';
import { expensePaths, type ExpenseClaimDetail } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';
import { DateField } from '../../../client/ui/date-field';
import {
  approveMutationOptions,
  payMutationOptions,
  refusalMessage,
  rejectMutationOptions,
  submitMutationOptions,
  withdrawMutationOptions,
} from './expenses.api';
import { FormFooter } from '../../../client/ui/form-footer';
import { saveFile } from '../../../client/api/downloads';

type Props = { claim: ExpenseClaimDetail; amounts: Record<string, number | string> };

/** The items whose approved amount was reduced, as the approve call takes them. */
export function reducedItems(claim: ExpenseClaimDetail, amounts: Record<string, number | string>) {
  return claim.items.flatMap((item) => {
    const value = amounts[item.id];
    const amount = typeof value === 'number' ? value : value === undefined || value === '' ? item.amount : Number(value);
    return Number.isFinite(amount) && amount !== item.amount
      ? [{ id: item.id, approved_amount: Math.max(0, Math.round(amount * 100) / 100) }]
      : [];
  });
}

export function ClaimActions({ claim, amounts }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const approve = useMutation(approveMutationOptions(queryClient));
  const reject = useMutation(rejectMutationOptions(queryClient));
  const pay = useMutation(payMutationOptions(queryClient));
  const submit = useMutation(submitMutationOptions(queryClient));
  const withdraw = useMutation(withdrawMutationOptions(queryClient));
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [paying, setPaying] = useState(false);
  const [payDate, setPayDate] = useState(londonDate(new Date()));
  const [withdrawing, setWithdrawing] = useState(false);
  const reduced = reducedItems(claim, amounts);
  const approvedTotal = claim.items.reduce(
    (sum, item) => sum + (reduced.find((entry) => entry.id === item.id)?.approved_amount ?? item.amount),
    0,
  );
  const problem = [approve, submit].map((step) => (step.isError ? refusalMessage(step.error) : null)).find(Boolean);
  const draftLike = claim.status === 'draft' || claim.status === 'rejected';

  const buttons = [
    claim.can_approve && (
      <Button
        key="approve"
        color="green"
        loading={approve.isPending}
        onClick={() =>
          approve.mutate(
            { id: claim.id, items: reduced },
            {
              onSuccess: () =>
                showSuccessToast({ message: reduced.length > 0 ? `Approved ${formatPounds(approvedTotal)}.` : 'Claim approved.' }),
            },
          )
        }
      >
        {reduced.length > 0 ? `Approve ${formatPounds(approvedTotal)}` : 'Approve'}
      </Button>
    ),
    claim.can_approve && (
      <Button key="reject" color="red" variant="light" onClick={() => setRejecting(true)}>
        Reject
      </Button>
    ),
    claim.can_pay && (
      <Button key="pay" onClick={() => setPaying(true)}>
        Mark as paid
      </Button>
    ),
    claim.can_edit && (
      <Button key="edit" variant="default" renderRoot={(props) => <Link {...props} to="/expense/$id/edit" params={{ id: claim.id }} />}>
        Edit
      </Button>
    ),
    claim.can_edit && draftLike && (
      <Button
        key="submit"
        loading={submit.isPending}
        onClick={() => submit.mutate(claim.id, { onSuccess: () => showSuccessToast({ message: 'Claim submitted.' }) })}
      >
        {claim.status === 'rejected' ? 'Resubmit' : 'Submit'}
      </Button>
    ),
    claim.can_edit && (
      <Button key="withdraw" color="red" variant="subtle" onClick={() => setWithdrawing(true)}>
        {claim.status === 'draft' ? 'Delete draft' : 'Withdraw'}
      </Button>
    ),
    claim.items.some((item) => item.receipts.length > 0) && (
      <Button
        key="zip"
        variant="default"
        onClick={() => void saveFile(expensePaths.receiptsZip(claim.id), `receipts-${claim.id.slice(0, 8)}.zip`)}
      >
        Download receipts
      </Button>
    ),
  ].filter(Boolean);
  if (buttons.length === 0) return null;

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="Actions">
      <Stack gap="sm">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="xs">{buttons}</Group>
      </Stack>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title="Reject the claim" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            reject.mutate(
              { id: claim.id, reason },
              {
                onSuccess: () => {
                  setRejecting(false);
                  setReason('');
                  showSuccessToast({ message: 'Claim rejected. The claimant is told why.' });
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <Textarea
              label="Reason"
              description="The claimant reads this, changes the claim and submits it again."
              required
              autosize
              minRows={3}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={reject.isError ? refusalMessage(reject.error) : undefined}
            />
            <FormFooter submitting={reject.isPending} onCancel={() => setRejecting(false)} label="Reject" color="red" />
          </Stack>
        </form>
      </Modal>
      <Modal opened={paying} onClose={() => setPaying(false)} title="Mark as paid" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            pay.mutate(
              { id: claim.id, pay_date: payDate },
              {
                onSuccess: () => {
                  setPaying(false);
                  showSuccessToast({ message: 'Claim marked as paid.' });
                },
              },
            );
          }}
        >
          <Stack gap="md">
            <DateField
              label="Pay date"
              required
              value={payDate}
              onChange={setPayDate}
              error={pay.isError ? refusalMessage(pay.error) : undefined}
              popoverProps={{ withinPortal: true }}
            />
            <FormFooter submitting={pay.isPending} onCancel={() => setPaying(false)} label="Mark as paid" />
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={withdrawing}
        title={claim.status === 'draft' ? 'Delete the draft' : 'Withdraw the claim'}
        message="The claim and its receipts are deleted. This cannot be undone."
        confirmLabel={claim.status === 'draft' ? 'Delete' : 'Withdraw'}
        color="red"
        busy={withdraw.isPending}
        problem={withdraw.isError ? (refusalMessage(withdraw.error) ?? 'Please try again.') : null}
        onConfirm={() =>
          withdraw.mutate(claim.id, {
            onSuccess: () => {
              showSuccessToast({ message: 'Claim deleted.' });
              void navigate({ to: '/expenses' });
            },
          })
        }
        onClose={() => setWithdrawing(false)}
      />
    </Paper>
  );
}
