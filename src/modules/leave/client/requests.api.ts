// The request form's calls: the leave types to choose from, the people a manager
// may book for, the live suggestion (deduction, balance after, clashes, what the server would
// refuse) and the request itself, which is queueable: with no network the outbox
// keeps it and the answer is a QueuedResponse. Query keys start with resource
// name, so realtime invalidations of that resource refresh them.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { REFERENCE_LIMIT } from '../../../client/api/reference-lists';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import type { ListResponse } from '../../../shared/list';
import type { QueuedResponse } from '../../../shared/sw-messages';
import { directoryPaths, type DirectoryPage } from '../../employees/directory.contract';
import { CreateAbsenceInputSchema, type Absence, type CreateAbsenceInput, type SuggestedAbsence } from '../absences.contract';
import { type LeaveType } from '../leave-settings.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES, LEAVE_ROUTES, leavePaths, type DurationType, type HalfDayPart } from '../leave.contract';

const PEOPLE_LIMIT = 20;

/** The signed-in user's id and first name, read from the token (the server checks it on every call). */
export function signedInUser(): { id: string | null; firstName: string } {
  const claims = readTokenClaims(getToken());
  return { id: claims?.user_id ?? null, firstName: claims?.first_name ?? '' };
}

/** What the suggestion is asked for; absent parts are left out of the query. */
export type SuggestionQuery = {
  leave_type_id: string;
  start_date: string;
  end_date?: string | undefined;
  duration_type: DurationType;
  half_day_part?: HalfDayPart | undefined;
  hours?: number | undefined;
};

/** The key of a suggestion not yet asked (its query is disabled). */
export const NO_QUESTION: SuggestionQuery = { leave_type_id: '', start_date: '', duration_type: 'days' };

export const requestKeys = {
  leaveTypes: (includeArchived: boolean) => [LEAVE_RESOURCES.leaveType, includeArchived ? 'all' : 'live'] as const,
  people: (search: string) => ['user-basic', 'leave-person-picker', search] as const,
  suggestion: (userId: string, query: SuggestionQuery) => [LEAVE_RESOURCES.suggested, userId, query] as const,
};

export const leaveTypesQueryOptions = ({ includeArchived = false }: { includeArchived?: boolean } = {}) =>
  queryOptions({
    queryKey: requestKeys.leaveTypes(includeArchived),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<LeaveType>>(leavePaths.resource(LEAVE_RESOURCES.leaveType), {
        signal,
        query: { include_archived: includeArchived ? 1 : undefined, limit: REFERENCE_LIMIT },
      }).then((answer) => answer.results),
    staleTime: 5 * 60 * 1000,
    // Every screen that lists them says so itself when they cannot be loaded, or does without.
    meta: { errorToast: false },
  });

/** Active people the caller may see, by name (the server keeps to the caller's scope). */
export const peopleQueryOptions = (search: string) =>
  queryOptions({
    queryKey: requestKeys.people(search),
    queryFn: ({ signal }) =>
      apiFetch<DirectoryPage>(directoryPaths.userBasic, {
        signal,
        query: { search, status: ['active'], limit: PEOPLE_LIMIT, sort: 'name' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });

/** The live panel: a 422 (dates not yet sensible) is shown in the panel, never as a toast. */
export const suggestionQueryOptions = (userId: string, query: SuggestionQuery) =>
  queryOptions({
    queryKey: requestKeys.suggestion(userId, query),
    queryFn: ({ signal }) => apiFetch<SuggestedAbsence>(leavePaths.suggested(userId), { signal, query }),
    placeholderData: keepPreviousData,
    retry: (count, error) => !isApiError(error) && count < 1,
    meta: { errorToast: false },
  });

export function createAbsence({ body, sickness }: { body: CreateAbsenceInput; sickness: boolean }): Promise<Absence | QueuedResponse> {
  return apiFetch<Absence>(leavePaths.resource(LEAVE_RESOURCES.absence), {
    method: 'POST',
    body,
    queue: {
      resource: LEAVE_RESOURCES.absence,
      label: sickness ? 'Sickness report' : 'Leave request',
      schema: CreateAbsenceInputSchema,
      form: LEAVE_ROUTES.request,
    },
  });
}

export const createAbsenceMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: createAbsence,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  onSuccess: () => invalidateResources(queryClient, LEAVE_INVALIDATES.absence),
});
