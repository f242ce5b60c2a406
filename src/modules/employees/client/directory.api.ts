// The directory's calls: the employee list and one person's basic record, the
// reference lists its filters and forms choose from, "Meet the team", the onboarding
// checklist, a person's audit history, and the writes (add, edit, bulk, invite, terminate,
// cancel a termination, mark the checklist complete). Every write refreshes what the contract
// says it makes stale (DIRECTORY_INVALIDATES); realtime does the same for others.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { referenceListQueryOptions } from '../../../client/api/reference-lists';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { startQuery, type PageQueries } from '../../../client/api/start-query';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { readStoredPermissions } from '../../../client/shell/session-permissions';
import { hasPermission } from '../../../shared/scopes';
import { onboardingPaths, type InvitationResult } from '../../auth/auth.contract';
import {
  DIRECTORY_INVALIDATES,
  directoryPaths,
  type AuditLogEntry,
  type CreateEmployeeInput,
  type DirectoryBulkInput,
  type DirectoryBulkResult,
  type DirectoryPage,
  type DirectoryQuery,
  type RoleOption,
  type SetupChecklist,
  type TeamMember,
  type TerminateInput,
  type UpdateEmployeeInput,
  type UserBasic,
} from '../directory.contract';
import { toDirectoryQuery, type DirectorySearch } from './directory/directory-search';

export const DIRECTORY_PAGE_SIZE = 20;
/** Reference lists are short; one page of the largest size holds them. */

type List<T> = { results: T[]; count: number; next_offset: number };
export type NamedOption = { id: string; name: string };
export type TagOption = NamedOption & { colour?: string };

export const directoryKeys = {
  all: ['user-basic'] as const,
  list: (input: { query: DirectoryQuery; page: number }) => ['user-basic', 'list', input] as const,
  user: (id: string) => ['users', id] as const,
  meetTheTeam: (input: { search?: string; department_id?: string[]; page: number }) => ['user-meet-the-team', input] as const,
  setupComplete: (userId: string) => ['user-setup-complete', userId] as const,
  auditLog: (userId: string, page: number) => ['audit-log', userId, page] as const,
};

const offsetOf = (page: number) => (page - 1) * DIRECTORY_PAGE_SIZE;

export const directoryQueryOptions = (input: { query: DirectoryQuery; page: number }) =>
  queryOptions({
    queryKey: directoryKeys.list(input),
    queryFn: ({ signal }) =>
      apiFetch<DirectoryPage>(directoryPaths.userBasic, {
        signal,
        query: { ...input.query, offset: offsetOf(input.page), limit: DIRECTORY_PAGE_SIZE },
      }),
    // Keeps the rows on screen while the next page or filter loads.
    placeholderData: (previous) => previous,
  });

/** The page of the directory the address shows: what its route's loader starts and the list reads. */
export const directoryPageQueryOptions = (search: DirectorySearch) =>
  directoryQueryOptions({ query: toDirectoryQuery(search), page: search.page ?? 1 });

/** The page of "Meet the team" the address shows. */
export const teamPageQueryOptions = (search: DirectorySearch) =>
  meetTheTeamQueryOptions({ search: search.search, department_id: search.department_id, page: search.page ?? 1 });

/** The employees page's list for its route's loader: only for those the page shows it to. */
export function startDirectoryPage(queryClient: QueryClient, search: DirectorySearch): PageQueries | undefined {
  if (!hasPermission(readStoredPermissions(), { endpoint: directoryPaths.userBasic, method: 'GET' })) return undefined;
  const directoryAllowed = hasPermission(readStoredPermissions(), {
    endpoint: directoryPaths.userBasic,
    method: 'GET',
    scope: 'department',
  });
  if (search.view === 'team' || !directoryAllowed) return startQuery(queryClient, teamPageQueryOptions(search));
  return startQuery(queryClient, directoryPageQueryOptions(search));
}

/** A 404 or 403 is an answer (not found, not yours to see), shown by the page: no toast, no retry. */
const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: directoryKeys.user(id),
    queryFn: ({ signal }) => apiFetch<UserBasic>(directoryPaths.user(id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

/** A profile's header (its route's loader): someone's by id, or the signed-in user's own. */
export function startProfilePage(queryClient: QueryClient, id?: string): PageQueries | undefined {
  const userId = id ?? readTokenClaims(getToken())?.user_id;
  if (!userId) return undefined;
  // One's own profile draws its checklist above the tabs: asked for with the profile, so the page
  // is drawn once with it rather than pushed down by it. Not one of the page's queries: a nudge,
  // the page opens offline without it.
  if (id === undefined) void queryClient.prefetchQuery(setupChecklistQueryOptions(userId));
  return startQuery(queryClient, userQueryOptions(userId));
}

export const locationsQueryOptions = () => referenceListQueryOptions('company-location');
export const tagsQueryOptions = () => referenceListQueryOptions<TagOption>('user-tags');
export const terminationReasonsQueryOptions = () => referenceListQueryOptions('termination-reason');

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['role', 'options'] as const,
    queryFn: ({ signal }) => apiFetch<RoleOption[] | List<RoleOption>>(directoryPaths.roles, { signal }),
    select: (answer: RoleOption[] | List<RoleOption>) => (Array.isArray(answer) ? answer : answer.results),
    staleTime: 5 * 60 * 1000,
  });

export const meetTheTeamQueryOptions = (input: { search?: string; department_id?: string[]; page: number }) =>
  queryOptions({
    queryKey: directoryKeys.meetTheTeam(input),
    queryFn: ({ signal }) =>
      apiFetch<List<TeamMember>>(directoryPaths.meetTheTeam, {
        signal,
        query: { search: input.search, department_id: input.department_id, offset: offsetOf(input.page), limit: DIRECTORY_PAGE_SIZE },
      }),
    placeholderData: (previous) => previous,
  });

export const setupChecklistQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: directoryKeys.setupComplete(userId),
    queryFn: ({ signal }) => apiFetch<SetupChecklist>(directoryPaths.setupComplete(userId), { signal }),
    // The card is a nudge: without it the profile still works.
    meta: { errorToast: false },
  });

export const auditLogQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: directoryKeys.auditLog(userId, page),
    queryFn: ({ signal }) =>
      apiFetch<List<AuditLogEntry>>(directoryPaths.auditLog, {
        signal,
        query: { target_id: userId, offset: offsetOf(page), limit: DIRECTORY_PAGE_SIZE },
      }),
    placeholderData: (previous) => previous,
  });

/** Everything a change to people can touch. */
export function invalidatePeople(queryClient: QueryClient, kind: keyof typeof DIRECTORY_INVALIDATES = 'people'): Promise<unknown> {
  return invalidateResources(queryClient, DIRECTORY_INVALIDATES[kind]);
}

export const createEmployeeMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: CreateEmployeeInput) => apiFetch<UserBasic>(directoryPaths.userBasic, { method: 'POST', body: input }),
  onSuccess: () => invalidatePeople(queryClient),
});

export const updateEmployeeMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, input }: { id: string; input: UpdateEmployeeInput }) =>
    apiFetch<UserBasic>(directoryPaths.userBasicRecord(id), { method: 'PUT', body: input }),
  onSuccess: () => invalidatePeople(queryClient),
});

/** All or nothing: a refusal (403, 422) names the problem, which the bulk dialog shows itself. */
export const bulkMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: DirectoryBulkInput) => apiFetch<DirectoryBulkResult>(directoryPaths.bulk, { method: 'POST', body: input }),
  meta: { errorToast: false },
  onSuccess: (_result: DirectoryBulkResult, input: DirectoryBulkInput) =>
    invalidatePeople(queryClient, input.action === 'add_tags' || input.action === 'remove_tags' ? 'tags' : 'people'),
});

export const inviteMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (userId: string) => apiFetch<InvitationResult>(onboardingPaths.invitation, { method: 'POST', body: { user_id: userId } }),
  meta: { errorToast: false },
  onSuccess: () => invalidatePeople(queryClient),
});

export const terminateMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: TerminateInput) => apiFetch<UserBasic>(directoryPaths.terminate, { method: 'POST', body: input }),
  onSuccess: () => invalidatePeople(queryClient, 'termination'),
});

export const cancelTerminationMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (userId: string) => apiFetch<UserBasic>(directoryPaths.cancelTermination, { method: 'POST', body: { user_id: userId } }),
  meta: { errorToast: false },
  onSuccess: () => invalidatePeople(queryClient, 'termination'),
});

export const completeSetupMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (userId: string) => apiFetch<SetupChecklist>(directoryPaths.setupComplete(userId), { method: 'POST' }),
  meta: { errorToast: false },
  onSuccess: () => invalidatePeople(queryClient),
});

/** The server's words for a refused write: its field messages, else its message. */
export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
}
