// The absence calls of the leave screens (user-absence, §7): the list with its
// filters, one absence with its history, the decisions (approve, decline, cancel, bulk
// approve), comments and "returned to work", plus the reference lists the filters choose
// from. Keys start with resource name, so realtime events naming it refresh them.
// Every step refreshes what the contract says an absence write makes stale (LEAVE_INVALIDATES).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { ListResponse } from '../../../shared/list';
import type { QueryInput } from '../../../shared/query-string';
import { toAbsenceFilters, type AbsenceListSearch } from './absence-list-search';
import { type Absence, type AbsenceBulkResult, type AbsenceDetail } from '../absences.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES, leavePaths } from '../leave.contract';

export const ABSENCE_PAGE_SIZE = 20;
/** Reference lists are short; one page of the largest size holds them. */

/** The list call's filters, as the resource API sends them (lists in brackets). */
export type AbsenceFilters = {
  status?: string[];
  show_relevant_to_me?: 1;
  department_id?: string[];
  leave_type_id?: string[];
  user_id?: string[];
  from?: string;
  to?: string;
  search?: string;
};

export const absenceKeys = {
  all: [LEAVE_RESOURCES.absence] as const,
  list: (input: { filters: AbsenceFilters; page: number; limit: number }) => [LEAVE_RESOURCES.absence, 'list', input] as const,
  detail: (id: string) => [LEAVE_RESOURCES.absence, 'detail', id] as const,
};

/**
 * A list row never needs the sickness category, and keeps sickness reasons out of
 * the offline cache: it is dropped before the answer is cached (the detail, which shows it, is
 * never persisted).
 */
export const withoutSicknessReason = <T extends Absence>(absence: T): T => ({ ...absence, sickness_category: null });

export const absenceListQueryOptions = (input: { filters: AbsenceFilters; page: number; limit?: number }) => {
  const limit = input.limit ?? ABSENCE_PAGE_SIZE;
  return queryOptions({
    queryKey: absenceKeys.list({ filters: input.filters, page: input.page, limit }),
    queryFn: async ({ signal }) => {
      const page = await apiFetch<ListResponse<Absence>>(leavePaths.resource(LEAVE_RESOURCES.absence), {
        signal,
        query: { ...(input.filters as QueryInput), offset: (input.page - 1) * limit, limit },
      });
      return { ...page, results: page.results.map(withoutSicknessReason) };
    },
    placeholderData: keepPreviousData,
  });
};

/** The page of the list the address shows: what the route's loader starts and the list reads. */
export const absenceListPageQueryOptions = (search: AbsenceListSearch) =>
  absenceListQueryOptions({ filters: toAbsenceFilters(search), page: search.page ?? 1 });

/** A 404 or 403 is an answer (not found, not yours to see), shown by the page: no toast, no retry. */
export const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const absenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: absenceKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<AbsenceDetail>(leavePaths.resource(LEAVE_RESOURCES.absence, id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    // Medical detail and the sickness category are special-category: never written offline.
    meta: { errorToast: false, sensitive: true },
  });

/** Everything an absence step can move: lists, detail, timeline, who is at work, balances, return to work and the badge. */
export function invalidateAbsences(queryClient: QueryClient): Promise<unknown> {
  return invalidateResources(queryClient, LEAVE_INVALIDATES.absence);
}

const post = <T>(path: string, body: unknown) => apiFetch<T>(path, { method: 'POST', body });

export const approveMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => post<Absence>(leavePaths.absenceAction(id, 'approve'), { note: null }),
  meta: { errorToast: false },
  onSuccess: () => invalidateAbsences(queryClient),
});

export const declineMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, reason }: { id: string; reason: string }) => post<Absence>(leavePaths.absenceAction(id, 'decline'), { reason }),
  meta: { errorToast: false },
  onSuccess: () => invalidateAbsences(queryClient),
});

export const cancelMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, reason }: { id: string; reason: string | null }) => post<Absence>(leavePaths.absenceAction(id, 'cancel'), { reason }),
  meta: { errorToast: false },
  onSuccess: () => invalidateAbsences(queryClient),
});

export const commentMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, body }: { id: string; body: string }) => post<unknown>(leavePaths.absenceAction(id, 'comment'), { body }),
  onSuccess: () => invalidateAbsences(queryClient),
});

export const returnMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, returned_on }: { id: string; returned_on: string }) =>
    post<Absence>(leavePaths.absenceAction(id, 'return'), { returned_on }),
  onSuccess: () => invalidateAbsences(queryClient),
});

/** All or nothing (/bulk): a refusal names the problem, which the dialog shows. */
export const bulkApproveMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (ids: string[]) => post<AbsenceBulkResult>(leavePaths.absenceBulk, { action: 'approve', data: { ids } }),
  meta: { errorToast: false },
  onSuccess: () => invalidateAbsences(queryClient),
});

/** The server's words for a refused write: its field messages, else its message. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
}
