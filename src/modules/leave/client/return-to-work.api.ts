// The return-to-work calls: the list of items, one item, the employee's
// self-certification (queueable offline), the fit-note upload (multipart, never
// queued: a file needs a connection), the reviewer's close, and the fit note's download.
// Items may carry the self-certification answers (special-category): the offline cache keeps only
// the person's own forms; anyone else's stays off the device.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { startQuery, type PageQueries } from '../../../client/api/start-query';
import { readStoredPermissions } from '../../../client/shell/session-permissions';
import type { ListResponse } from '../../../shared/list';
import { hasPermission } from '../../../shared/scopes';
import { isQueuedResponse, type QueuedResponse } from '../../../shared/sw-messages';
import { LEAVE_ENDPOINTS, LEAVE_INVALIDATES, LEAVE_RESOURCES, LEAVE_ROUTES, leavePaths, type ReturnToWorkStatus } from '../leave.contract';
import { SelfCertificationInputSchema, type ReturnToWorkItem, type SelfCertificationInput } from '../return-to-work.contract';
import { isRefusal } from './absences.api';

export const RETURN_TO_WORK_PAGE_SIZE = 20;
export const RETURN_TO_WORK_OUTBOX = {
  resource: LEAVE_RESOURCES.returnToWork,
  label: 'Return to work form',
  schema: SelfCertificationInputSchema,
} as const;

/** Whose form it is. */
export const RETURN_TO_WORK_OWNER = ['user.id'];

export type ReturnToWorkFilters = { status?: ReturnToWorkStatus[]; show_relevant_to_me?: 1 };

export const returnToWorkKeys = {
  all: [LEAVE_RESOURCES.returnToWork] as const,
  list: (input: { filters: ReturnToWorkFilters; page: number }) => [LEAVE_RESOURCES.returnToWork, 'list', input] as const,
  item: (id: string) => [LEAVE_RESOURCES.returnToWork, 'item', id] as const,
};

export const returnToWorkListQueryOptions = (input: { filters: ReturnToWorkFilters; page: number }) =>
  queryOptions({
    queryKey: returnToWorkKeys.list(input),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<ReturnToWorkItem>>(leavePaths.resource(LEAVE_RESOURCES.returnToWork), {
        signal,
        query: { ...input.filters, offset: (input.page - 1) * RETURN_TO_WORK_PAGE_SIZE, limit: RETURN_TO_WORK_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    meta: { keptIfOwn: RETURN_TO_WORK_OWNER },
  });

/** The list's first page, unfiltered, for its route's loader: only for those the page shows the list to. */
export function startReturnToWorkPage(queryClient: QueryClient): PageQueries | undefined {
  if (!hasPermission(readStoredPermissions(), { endpoint: LEAVE_ENDPOINTS.returnToWork, method: 'GET' })) return undefined;
  return startQuery(queryClient, returnToWorkListQueryOptions({ filters: {}, page: 1 }));
}

export const returnToWorkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: returnToWorkKeys.item(id),
    queryFn: ({ signal }) => apiFetch<ReturnToWorkItem>(leavePaths.resource(LEAVE_RESOURCES.returnToWork, id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false, keptIfOwn: RETURN_TO_WORK_OWNER },
  });

function invalidateReturnToWork(queryClient: QueryClient): Promise<unknown> {
  return invalidateResources(queryClient, LEAVE_INVALIDATES.returnToWork);
}

export const selfCertificationMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string; input: SelfCertificationInput }) =>
    apiFetch<ReturnToWorkItem>(leavePaths.selfCertification(id), {
      method: 'PUT',
      body: input,
      queue: { ...RETURN_TO_WORK_OUTBOX, form: LEAVE_ROUTES.selfCertification(id) },
    }),
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  // A queued form is refreshed by the outbox when it lands.
  onSuccess: (answer: ReturnToWorkItem | QueuedResponse) => (isQueuedResponse(answer) ? undefined : invalidateReturnToWork(queryClient)),
});

export const reviewMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, note }: { id: string; note: string | null }) =>
    apiFetch<ReturnToWorkItem>(leavePaths.review(id), { method: 'PUT', body: { note } }),
  meta: { errorToast: false },
  onSuccess: () => invalidateReturnToWork(queryClient),
});

export async function uploadFitNote(input: { id: string; file: File }): Promise<ReturnToWorkItem> {
  const form = new FormData();
  form.set('file', input.file, input.file.name);
  return apiFetch<ReturnToWorkItem>(leavePaths.fitNote(input.id), { method: 'POST', body: form });
}

export const uploadFitNoteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: uploadFitNote,
  meta: { errorToast: false },
  onSuccess: () => invalidateReturnToWork(queryClient),
});
