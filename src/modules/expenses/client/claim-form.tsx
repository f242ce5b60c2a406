// The claim form (/expenses/new, /expense/{id}/edit), made for a phone: expenses or mileage,
// one card per item, receipts from the camera or a file (photos made small on the device),
// "Submit claim" or "Save as draft". With no signal the claim, its receipts and its
// submission wait in the outbox and are sent once, in order, when the signal returns.
import '@mantine/core/styles/SegmentedControl.css';
import { Alert, Anchor, Button, Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import { usePageTitle } from '../../../client/shell/page-title';
import { showInfoToast, showSuccessToast } from '../../../client/shell/toasts';
import type { ClaimType } from '../expenses.contract';
import { claimToDraft, itemErrors, newClaim, newItem, toClaimBody, type ClaimDraft, type ItemDraft } from './claim-form-state';
import { ClaimItemFields } from './claim-item-fields';
import { expenseTypesQueryOptions, refusalMessage, removeReceiptMutationOptions, sendClaimMutationOptions } from './expenses.api';
import { prepareReceipt } from './receipt-image';
import type { ExpenseClaimDetail } from '../expenses.contract';

type Props = { claim?: ExpenseClaimDetail };

export function ClaimForm({ claim }: Props) {
  usePageTitle(claim ? 'Edit claim' : 'New claim');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const types = useQuery(expenseTypesQueryOptions({ includeArchived: true }));
  const send = useMutation(sendClaimMutationOptions(queryClient));
  const removeReceipt = useMutation(removeReceiptMutationOptions(queryClient));
  const [draft, setDraft] = useState<ClaimDraft>(() => (claim ? claimToDraft(claim) : newClaim()));
  const [preparing, setPreparing] = useState<string | null>(null);
  const errors = send.isError && isApiError(send.error) ? (send.error.fieldErrors as Record<string, string[]> | undefined) : undefined;

  const setItem = (index: number, patch: Partial<ItemDraft>) =>
    setDraft((current) => ({ ...current, items: current.items.map((item, other) => (other === index ? { ...item, ...patch } : item)) }));
  const addFiles = async (index: number, files: File[]) => {
    const itemId = draft.items[index]?.id ?? '';
    setPreparing(itemId);
    try {
      const prepared = await Promise.all(files.map((file) => prepareReceipt(file)));
      setDraft((current) => ({
        ...current,
        items: current.items.map((item, other) => (other === index ? { ...item, files: [...item.files, ...prepared] } : item)),
      }));
    } finally {
      setPreparing(null);
    }
  };

  const save = (submit: boolean) => {
    const receipts =
      draft.claim_type === 'expense' ? draft.items.flatMap((item) => item.files.map((file) => ({ itemId: item.id, file }))) : [];
    send.mutate(
      { body: toClaimBody(draft, submit), ...(claim ? { existingId: claim.id } : {}), receipts, submit },
      {
        onSuccess: (result) => {
          if (result.queued) {
            showInfoToast({ message: QUEUED_TOAST_MESSAGE });
            void navigate({ to: '/expenses' });
            return;
          }
          showSuccessToast({ message: submit ? 'Claim submitted.' : 'Draft saved.' });
          void navigate({ to: '/expense/$id', params: { id: result.id } });
        },
      },
    );
  };

  const problem = send.isError ? (refusalMessage(send.error) ?? 'The claim could not be saved. Please try again.') : null;

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Anchor
          size="sm"
          renderRoot={(props) =>
            claim ? <Link {...props} to="/expense/$id" params={{ id: claim.id }} /> : <Link {...props} to="/expenses" />
          }
        >
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            {claim ? 'Back to the claim' : 'Back to expenses'}
          </Group>
        </Anchor>
        <Title order={1}>{claim ? 'Edit claim' : 'New claim'}</Title>
      </Stack>
      <form
        noValidate
        aria-label={claim ? 'Edit claim' : 'New claim'}
        onSubmit={(event) => {
          event.preventDefault();
          save(true);
        }}
      >
        <Stack gap="md">
          {claim?.status === 'rejected' && claim.reject_reason && (
            <Alert color="red" title="Why it was rejected">
              {claim.reject_reason}
            </Alert>
          )}
          <SegmentedControl
            aria-label="What are you claiming?"
            fullWidth
            disabled={Boolean(claim)}
            data={[
              { value: 'expense', label: 'Expenses' },
              { value: 'mileage', label: 'Mileage' },
            ]}
            value={draft.claim_type}
            onChange={(value) => setDraft((current) => ({ ...current, claim_type: value as ClaimType, items: [newItem()] }))}
          />
          <TextInput
            label="What is this claim for?"
            placeholder={draft.claim_type === 'mileage' ? 'Client visits in May' : 'Supplier visit, London'}
            maxLength={200}
            value={draft.description}
            error={errors?.description?.[0]}
            onChange={(event) => {
              const description = event.currentTarget.value;
              setDraft((current) => ({ ...current, description }));
            }}
          />
          {draft.items.map((item, index) => (
            <ClaimItemFields
              key={item.id}
              index={index}
              claimType={draft.claim_type}
              item={item}
              types={types.data ?? []}
              errors={itemErrors(errors, index)}
              busyFiles={preparing === item.id}
              onChange={(patch) => setItem(index, patch)}
              onFiles={(files) => void addFiles(index, files)}
              onRemoveExisting={(receiptId) =>
                claim &&
                removeReceipt.mutate(
                  { claimId: claim.id, receiptId },
                  { onSuccess: () => setItem(index, { existing: item.existing.filter((receipt) => receipt.id !== receiptId) }) },
                )
              }
              onRemove={
                draft.items.length > 1
                  ? () => setDraft((current) => ({ ...current, items: current.items.filter((_, other) => other !== index) }))
                  : null
              }
            />
          ))}
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            disabled={draft.items.length >= 50}
            onClick={() =>
              setDraft((current) => ({
                ...current,
                items: [...current.items, { ...newItem(), date: current.items.at(-1)?.date ?? newItem().date }],
              }))
            }
          >
            {draft.claim_type === 'mileage' ? 'Add a journey' : 'Add an item'}
          </Button>
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button
              variant="default"
              loading={send.isPending && send.variables?.submit === false}
              disabled={Boolean(preparing)}
              onClick={() => save(false)}
              w={{ base: '100%', xs: 'auto' }}
            >
              Save as draft
            </Button>
            <Button
              type="submit"
              loading={send.isPending && send.variables?.submit !== false}
              disabled={Boolean(preparing)}
              w={{ base: '100%', xs: 'auto' }}
            >
              Submit claim
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
