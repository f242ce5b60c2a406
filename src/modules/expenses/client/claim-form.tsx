// The claim form (/expenses/new, /expense/{id}/edit), made for a phone: receipt items and
// mileage journeys in any mix (a trip's parking and the drive there in one claim), one card per
// line, receipts from the camera or a file (photos made small on the device), the totals as
// typed, "Submit claim" or "Save as draft". With no signal the claim, its receipts and its
// submission wait in the outbox and are sent once, in order, when the signal returns. Opened
// from the outbox to correct a refused claim, it holds the queued values and the server's field
// messages and the receipts queued behind it; a version that can no longer go onto its claim
// (approved meanwhile) opens as a copy.
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCar, IconReceipt } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { correctionErrors, finishCorrection, useCorrection } from '../../../client/offline/outbox-correction';
import { getOutboxItems } from '../../../client/offline/outbox-items';
import { QUEUED_TOAST_MESSAGE } from '../../../client/offline/outbox-copy';
import { usePageTitle } from '../../../client/shell/page-title';
import { showInfoToast, showSuccessToast } from '../../../client/shell/toasts';
import { formatPounds } from '../../../shared/money';
import type { OutboxItemSummary } from '../../../shared/sw-messages';
import {
  claimToDraft,
  draftFromBody,
  draftTotals,
  lineErrors,
  newClaim,
  newItem,
  toClaimBody,
  type ClaimDraft,
  type ItemDraft,
  type LineKind,
} from './claim-form-state';
import { ClaimItemFields } from './claim-item-fields';
import { expenseTypesQueryOptions, refusalMessage, removeReceiptMutationOptions, sendClaimMutationOptions } from './expenses.api';
import { refusedFollowers } from './queued-claims';
import { prepareReceipt } from './receipt-image';
import type { ExpenseClaimDetail } from '../expenses.contract';
import { BackLink } from '../../../client/ui/back-link';

const MAX_LINES = 50;

/** The claim's items, mileage and whole as typed. */
function Totals({ draft }: { draft: ClaimDraft }) {
  const totals = draftTotals(draft);
  const figures: [string, number][] = [
    ...(draft.items.length > 0 && draft.journeys.length > 0
      ? ([
          ['Items', totals.items],
          ['Mileage', totals.mileage],
        ] as [string, number][])
      : []),
    ['Total', totals.total],
  ];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Claim totals">
      <SimpleGrid cols={figures.length} spacing="xs">
        {figures.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} aria-live="polite">
              {formatPounds(value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {draft.journeys.length > 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          Mileage at HMRC’s rates; the claim shows what your company pays.
        </Text>
      )}
    </Paper>
  );
}

/** `copy`: a refused edit of a claim that can no longer change, opened as a new claim. */
type Props = { claim?: ExpenseClaimDetail; copy?: OutboxItemSummary };

export function ClaimForm({ claim, copy }: Props) {
  usePageTitle(claim ? 'Edit claim' : 'New claim');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const types = useQuery(expenseTypesQueryOptions({ includeArchived: true }));
  const send = useMutation(sendClaimMutationOptions(queryClient));
  const removeReceipt = useMutation(removeReceiptMutationOptions(queryClient));
  const ownCorrection = useCorrection(claim ? `/expense/${claim.id}/edit` : '/expenses/new');
  const correction = copy ?? ownCorrection;
  const [followers] = useState(() => refusedFollowers(correction, getOutboxItems()));
  const [draft, setDraft] = useState<ClaimDraft>(() =>
    correction
      ? draftFromBody(correction.body, {
          fresh: Boolean(copy),
          receipts: followers.receipts,
          ...(claim ? { seenStatus: claim.status } : {}),
        })
      : claim
        ? claimToDraft(claim)
        : newClaim(),
  );
  const [preparing, setPreparing] = useState<string | null>(null);
  const errors =
    send.isError && isApiError(send.error)
      ? (send.error.fieldErrors as Record<string, string[]> | undefined)
      : send.isIdle && !copy
        ? correctionErrors(correction)
        : undefined;

  const lineCount = draft.items.length + draft.journeys.length;
  const setLine = (kind: LineKind, index: number, patch: Partial<ItemDraft>) =>
    setDraft((current) => ({ ...current, [kind]: current[kind].map((line, other) => (other === index ? { ...line, ...patch } : line)) }));
  const setItem = (index: number, patch: Partial<ItemDraft>) => setLine('items', index, patch);
  const addLine = (kind: LineKind) =>
    setDraft((current) => {
      const last = [...current.items, ...current.journeys].at(-1);
      return { ...current, [kind]: [...current[kind], { ...newItem(), date: last?.date ?? newItem().date }] };
    });
  const removeLine = (kind: LineKind, index: number) =>
    setDraft((current) => ({ ...current, [kind]: current[kind].filter((_, other) => other !== index) }));
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
    const receipts = draft.items.flatMap((item) => item.files.map((file) => ({ itemId: item.id, file })));
    send.mutate(
      { body: toClaimBody(draft, submit), ...(claim ? { existingId: claim.id } : {}), receipts, submit },
      {
        onSuccess: (result) => {
          finishCorrection(correction, followers.followers);
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
        {claim ? (
          <BackLink to="/expense/$id" params={{ id: claim.id }}>
            Back to the claim
          </BackLink>
        ) : (
          <BackLink to="/expenses">Back to expenses</BackLink>
        )}
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
          {correction && (
            <Alert color={copy ? 'yellow' : 'red'} title={copy ? 'Your change was not saved' : 'Refused when it was sent'}>
              {correction.error?.message}{' '}
              {copy
                ? 'Here is your version as a new claim: send it, or discard it in the outbox.'
                : 'Your claim is below as you wrote it: correct it and send it again.'}
            </Alert>
          )}
          {claim?.status === 'rejected' && claim.reject_reason && (
            <Alert color="red" title="Why it was rejected">
              {claim.reject_reason}
            </Alert>
          )}
          <TextInput
            label="What is this claim for?"
            placeholder="Supplier visit, London"
            maxLength={200}
            value={draft.description}
            error={errors?.description?.[0]}
            onChange={(event) => {
              const description = event.currentTarget.value;
              setDraft((current) => ({ ...current, description }));
            }}
          />
          {lineCount === 0 && (
            <Text size="sm" c="dimmed">
              Add what you paid for, with its receipt, and the journeys you drove, in any mix: a trip’s parking and its miles go in one
              claim.
            </Text>
          )}
          {(['items', 'journeys'] as const).flatMap((kind) =>
            draft[kind].map((line, index) => (
              <ClaimItemFields
                key={line.id}
                index={index}
                kind={kind}
                item={line}
                types={types.data ?? []}
                errors={lineErrors(errors, kind, index)}
                busyFiles={preparing === line.id}
                onChange={(patch) => setLine(kind, index, patch)}
                onFiles={(files) => void addFiles(index, files)}
                onRemoveExisting={(receiptId) =>
                  claim &&
                  removeReceipt.mutate(
                    { claimId: claim.id, receiptId },
                    { onSuccess: () => setItem(index, { existing: line.existing.filter((receipt) => receipt.id !== receiptId) }) },
                  )
                }
                onRemove={lineCount > 1 ? () => removeLine(kind, index) : null}
              />
            )),
          )}
          {(errors?.items?.[0] ?? errors?.journeys?.[0]) && (
            <Text size="sm" c="red.8" role="alert">
              {errors?.items?.[0] ?? errors?.journeys?.[0]}
            </Text>
          )}
          <SimpleGrid cols={2} spacing="xs">
            <Button
              variant="default"
              leftSection={<IconReceipt size={16} aria-hidden="true" />}
              disabled={lineCount >= MAX_LINES}
              onClick={() => addLine('items')}
            >
              Add an item
            </Button>
            <Button
              variant="default"
              leftSection={<IconCar size={16} aria-hidden="true" />}
              disabled={lineCount >= MAX_LINES}
              onClick={() => addLine('journeys')}
            >
              Add a journey
            </Button>
          </SimpleGrid>
          {lineCount > 0 && <Totals draft={draft} />}
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
