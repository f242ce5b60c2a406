// The noticeboard's calls: the list with its filters, one notice, its receipts, and the
// writes. Opening a notice records it read; acknowledging is queueable (a phone with no
// signal keeps it in the outbox, and its Idempotency-Key lands it once). Keys start with the
// resource name, so the company's realtime event for notices refreshes every one of them.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { QueuedResponse } from '../../../shared/sw-messages';
import {
  NOTICES_INVALIDATES,
  NOTICES_RESOURCE,
  noticePaths,
  type Notice,
  type NoticeInput,
  type NoticeList,
  type NoticeReceipts,
  type RemindResult,
} from '../notices.contract';
import type { NoticeListSearch } from './notices-search';

export type { NoticeListSearch } from './notices-search';

export const NOTICE_PAGE_SIZE = 20;

export const noticeKeys = {
  list: (search: NoticeListSearch, limit: number) => [NOTICES_RESOURCE, 'list', search, limit] as const,
  detail: (id: string) => [NOTICES_RESOURCE, 'detail', id] as const,
  receipts: (id: string) => [NOTICES_RESOURCE, 'receipts', id] as const,
};

export const noticeListQueryOptions = (search: NoticeListSearch, limit = NOTICE_PAGE_SIZE) =>
  queryOptions({
    queryKey: noticeKeys.list(search, limit),
    queryFn: ({ signal }) =>
      apiFetch<NoticeList>(noticePaths.notices, {
        signal,
        query: {
          search: search.search,
          state: search.state,
          unread: search.unread,
          offset: ((search.page ?? 1) - 1) * limit,
          limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const noticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Notice>(noticePaths.notice(id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

export const noticeReceiptsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: noticeKeys.receipts(id),
    queryFn: ({ signal }) => apiFetch<NoticeReceipts>(noticePaths.receipts(id), { signal }),
    meta: { errorToast: false },
  });

const refresh = (queryClient: QueryClient) => invalidateResources(queryClient, NOTICES_INVALIDATES);

export const saveNoticeMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string | null; input: NoticeInput }) =>
    id
      ? apiFetch<Notice>(noticePaths.notice(id), { method: 'PUT', body: input })
      : apiFetch<Notice>(noticePaths.notices, { method: 'POST', body: input }),
  meta: { errorToast: false },
  onSuccess: () => refresh(queryClient),
});

export const deleteNoticeMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(noticePaths.notice(id), { method: 'DELETE' }),
  onSuccess: () => refresh(queryClient),
});

export const readNoticeMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<Notice>(noticePaths.read(id), { method: 'POST', body: {} }),
  meta: { errorToast: false },
  onSuccess: () => refresh(queryClient),
});

export function acknowledgeNotice(id: string): Promise<Notice | QueuedResponse> {
  return apiFetch<Notice>(noticePaths.acknowledge(id), {
    method: 'POST',
    body: {},
    // Nothing typed: the acknowledgement is the tap itself.
    queue: { resource: NOTICES_RESOURCE, label: 'Notice acknowledgement', schema: null, form: null },
  });
}

export const acknowledgeMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: acknowledgeNotice,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  onSuccess: () => refresh(queryClient),
});

export const remindMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<RemindResult>(noticePaths.remind(id), { method: 'POST', body: {} }),
  meta: { errorToast: false },
  onSuccess: () => refresh(queryClient),
});

/** The server's words for a refused write. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
}
