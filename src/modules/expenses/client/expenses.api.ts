// The calls of the expenses screens: the claims list with its filters, one claim, the steps,
// receipts (uploaded as multipart, queueable like the claim itself so a claim made with no
// signal lands with its photos), downloads, the export, and the company's expense types and
// mileage rates. Keys start with the resource name, so realtime events naming it refresh them.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { fetchFile } from '../../../client/api/downloads';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { ListResponse } from '../../../shared/list';
import { toClaimFilters, type ClaimsSearch } from './claims-search';
import type { QueryInput } from '../../../shared/query-string';
import { isQueuedResponse, type QueuedResponse } from '../../../shared/sw-messages';
import {
  claimLineName,
  ClaimInputSchema,
  EXPENSE_INVALIDATES,
  EXPENSE_RESOURCES,
  expensePaths,
  ReceiptFieldsSchema,
  SubmitInputSchema,
  type ClaimBulkResult,
  type ClaimStatus,
  type ClaimView,
  type ExpenseClaim,
  type ExpenseClaimDetail,
  type ExpenseReceipt,
  type ExpenseSettings,
  type ExpenseType,
} from '../expenses.contract';

export const CLAIM_PAGE_SIZE = 20;

export type ClaimFilters = {
  view?: ClaimView;
  status?: string[];
  claim_type?: string;
  user_id?: string[];
  expense_type_id?: string;
  from?: string;
  to?: string;
  search?: string;
};

export const claimKeys = {
  list: (input: { filters: ClaimFilters; page: number; limit: number }) => [EXPENSE_RESOURCES.claim, 'list', input] as const,
  detail: (id: string) => [EXPENSE_RESOURCES.claim, 'detail', id] as const,
  types: (includeArchived: boolean) => [EXPENSE_RESOURCES.type, includeArchived ? 'all' : 'live'] as const,
  settings: [EXPENSE_RESOURCES.settings] as const,
};

export const claimListQueryOptions = (input: { filters: ClaimFilters; page: number; limit?: number }) => {
  const limit = input.limit ?? CLAIM_PAGE_SIZE;
  return queryOptions({
    queryKey: claimKeys.list({ filters: input.filters, page: input.page, limit }),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<ExpenseClaim>>(expensePaths.claims, {
        signal,
        query: { ...(input.filters as QueryInput), offset: (input.page - 1) * limit, limit },
      }),
    placeholderData: keepPreviousData,
  });
};

/** The list the page at `search` shows: its route's loader starts it, the page reads it. */
export const claimListPageQueryOptions = (search: ClaimsSearch) =>
  claimListQueryOptions({ filters: toClaimFilters(search), page: search.page ?? 1 });

export const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: claimKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<ExpenseClaimDetail>(expensePaths.claim(id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

export const expenseTypesQueryOptions = ({ includeArchived = false }: { includeArchived?: boolean } = {}) =>
  queryOptions({
    queryKey: claimKeys.types(includeArchived),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<ExpenseType>>(expensePaths.types, {
        signal,
        query: { include_archived: includeArchived ? 1 : undefined, limit: 500 },
      }).then((answer) => answer.results),
    staleTime: 5 * 60 * 1000,
    meta: { errorToast: false },
  });

export const expenseSettingsQueryOptions = () =>
  queryOptions({
    queryKey: claimKeys.settings,
    queryFn: ({ signal }) => apiFetch<ExpenseSettings>(expensePaths.settings, { signal }),
    meta: { errorToast: false },
  });

export const invalidateClaims = (queryClient: QueryClient) => invalidateResources(queryClient, EXPENSE_INVALIDATES.claim);

/** A claim as the form sends it (ids made here, so queued receipts can name their item). */
export type ClaimBody = {
  id?: string;
  description: string;
  /** The claim's status when the form was filled from it: refused (409) when someone acted on it meanwhile. */
  seen_status?: ClaimStatus;
  submit: boolean;
  /** Receipt items and mileage journeys, in any mix. */
  items: Record<string, unknown>[];
  journeys: Record<string, unknown>[];
};

/** How the outbox names a queued claim. */
const claimLabel = (body: ClaimBody) =>
  body.items.length > 0 && body.journeys.length > 0
    ? 'Expense and mileage claim'
    : body.journeys.length > 0
      ? 'Mileage claim'
      : 'Expense claim';

/** Creates (or, with `id` of an existing claim, changes) a claim; queued offline. */
export function saveClaim(input: { body: ClaimBody; existingId?: string }): Promise<ExpenseClaimDetail | QueuedResponse> {
  const label = claimLabel(input.body);
  return input.existingId
    ? apiFetch<ExpenseClaimDetail>(expensePaths.claim(input.existingId), {
        method: 'PUT',
        body: input.body,
        queue: { resource: EXPENSE_RESOURCES.claim, label, schema: ClaimInputSchema, form: `/expense/${input.existingId}/edit` },
      })
    : apiFetch<ExpenseClaimDetail>(expensePaths.claims, {
        method: 'POST',
        body: input.body,
        queue: { resource: EXPENSE_RESOURCES.claim, label, schema: ClaimInputSchema, form: '/expenses/new' },
      });
}

/** One receipt for one item (multipart); a 202 from the service worker is a queued write. */
export async function uploadReceipt(input: { claimId: string; itemId: string; file: File }): Promise<ExpenseReceipt | QueuedResponse> {
  const form = new FormData();
  form.set('item_id', input.itemId);
  form.set('file', input.file, input.file.name);
  return apiFetch<ExpenseReceipt>(expensePaths.receipts(input.claimId), {
    method: 'POST',
    body: form,
    queue: {
      resource: EXPENSE_RESOURCES.claim,
      label: `Receipt ${input.file.name}`,
      schema: ReceiptFieldsSchema,
      input: { item_id: input.itemId },
      // Made by the claim form: a refused receipt comes back into the claim it belongs to when that claim is corrected.
      form: null,
    },
  });
}

export const submitClaim = (id: string) =>
  apiFetch<ExpenseClaimDetail>(expensePaths.action(id, 'submit'), {
    method: 'POST',
    body: {},
    // A tap (or the claim form's last step, sent again with the corrected claim): nothing typed to correct.
    queue: { resource: EXPENSE_RESOURCES.claim, label: 'Submit claim', schema: SubmitInputSchema, form: null },
  });

/** Saves the claim, sends each item's receipts, then submits: one chain the outbox keeps in order. */
export async function sendClaim(input: {
  body: ClaimBody;
  existingId?: string;
  receipts: { itemId: string; file: File }[];
  submit: boolean;
}): Promise<{ id: string; queued: boolean }> {
  const withReceipts = input.receipts.length > 0;
  const body = { ...input.body, submit: input.submit && !withReceipts };
  const saved = await saveClaim({ body, ...(input.existingId ? { existingId: input.existingId } : {}) });
  const id = isQueuedResponse(saved) ? (input.existingId ?? input.body.id ?? '') : saved.id;
  let queued = isQueuedResponse(saved);
  for (const receipt of input.receipts) queued = isQueuedResponse(await uploadReceipt({ claimId: id, ...receipt })) || queued;
  if (input.submit && withReceipts) queued = isQueuedResponse(await submitClaim(id)) || queued;
  return { id, queued };
}

export const sendClaimMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: sendClaim,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

const post = <T>(path: string, body: unknown) => apiFetch<T>(path, { method: 'POST', body });

export const approveMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: { id: string; items?: { id: string; approved_amount: number }[]; note?: string }) =>
    post<ExpenseClaimDetail>(expensePaths.action(input.id, 'approve'), { items: input.items ?? [], note: input.note ?? '' }),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

export const rejectMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: { id: string; reason: string }) =>
    post<ExpenseClaimDetail>(expensePaths.action(input.id, 'reject'), { reason: input.reason }),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

export const payMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: { id: string; pay_date: string }) =>
    post<ExpenseClaimDetail>(expensePaths.action(input.id, 'pay'), { pay_date: input.pay_date }),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

export const submitMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => post<ExpenseClaimDetail>(expensePaths.action(id, 'submit'), {}),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

export const withdrawMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(expensePaths.claim(id), { method: 'DELETE' }),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

export const bulkApproveMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (ids: string[]) => post<ClaimBulkResult>(expensePaths.bulk, { action: 'approve', data: { ids } }),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

export const removeReceiptMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: { claimId: string; receiptId: string }) =>
    apiFetch<void>(expensePaths.receipt(input.claimId, input.receiptId), { method: 'DELETE' }),
  meta: { errorToast: false },
  onSuccess: () => invalidateClaims(queryClient),
});

/** A receipt's bytes as an object URL to show beside the figures (the caller revokes it). */
export async function receiptObjectUrl(path: string, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await (await fetchFile(path, { init: { signal } })).blob());
}

export const typesMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: {
    id?: string;
    remove?: boolean;
    body?: { name: string; limit: number | null; receipt_required: boolean };
  }): Promise<unknown> =>
    input.remove && input.id
      ? apiFetch<void>(expensePaths.type(input.id), { method: 'DELETE' })
      : input.id
        ? apiFetch<ExpenseType>(expensePaths.type(input.id), { method: 'PUT', body: input.body })
        : apiFetch<ExpenseType>(expensePaths.types, { method: 'POST', body: input.body }),
  meta: { errorToast: false },
  onSuccess: () => invalidateResources(queryClient, EXPENSE_INVALIDATES.types),
});

export const settingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: ExpenseSettings) => apiFetch<ExpenseSettings>(expensePaths.settings, { method: 'PUT', body }),
  meta: { errorToast: false },
  onSuccess: () => invalidateResources(queryClient, EXPENSE_INVALIDATES.settings),
});

/** The server's words for a refused write: its field messages, else its message. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  // Each line's messages after its name ("Journey 1: Field is required."), others as they are.
  const byLine = new Map<string, Set<string>>();
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const line = claimLineName(field) ?? '';
    const shown = byLine.get(line) ?? new Set<string>();
    for (const message of messages) shown.add(message);
    byLine.set(line, shown);
  }
  if (byLine.size === 0) return error.message;
  return [...byLine].map(([line, messages]) => `${line ? `${line}: ` : ''}${[...messages].join(' ')}`).join(' ');
}
