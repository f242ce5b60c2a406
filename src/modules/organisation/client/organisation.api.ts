// The organisation lists' calls (generic data layer): one page of a list (searchable),
// create, update and delete. Keys start with the resource name, so a realtime invalidation
// of that name (or a write here) refreshes every page of it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import type { ListResponse } from '../../../shared/list';
import { resourcePath } from '../../../shared/resource-api';
import { ICAL_TOKEN_RESET_PATH, type IcalTokenReset, type ManagedDepartment } from '../organisation.contract';

/** Enough for the whole of any list a company keeps (locations, tags, job titles...). */
export const LIST_LIMIT = 500;

export const organisationKeys = {
  all: (resource: string) => [resource] as const,
  list: (resource: string, filters: Record<string, string | undefined>) => [resource, 'list', filters] as const,
};

/** One list, optionally searched; `filters` are other filters (user_id, department_id). */
export const listQueryOptions = <T>(resource: string, filters: Record<string, string | undefined> = {}) =>
  queryOptions({
    queryKey: organisationKeys.list(resource, filters),
    queryFn: ({ signal }) => apiFetch<ListResponse<T>>(resourcePath(resource), { signal, query: { ...filters, limit: LIST_LIMIT } }),
    staleTime: 60 * 1000,
  });

const invalidate = (queryClient: QueryClient, resources: readonly string[]) =>
  Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: organisationKeys.all(resource) })));

/** Create (no id) or update (with id) one item; a 409 or 422 is left to the form. */
export const saveItemMutationOptions = <T>(queryClient: QueryClient, resource: string, alsoRefresh: readonly string[] = []) => ({
  mutationFn: ({ id, body }: { id?: string; body: unknown }) =>
    apiFetch<T>(resourcePath(resource, id), { method: id ? ('PUT' as const) : ('POST' as const), body }),
  onSuccess: () => invalidate(queryClient, [resource, ...alsoRefresh]),
});

export const deleteItemMutationOptions = (queryClient: QueryClient, resource: string, alsoRefresh: readonly string[] = []) => ({
  mutationFn: (id: string) => apiFetch<void>(resourcePath(resource, id), { method: 'DELETE' }),
  onSuccess: () => invalidate(queryClient, [resource, ...alsoRefresh]),
});

export const managedDepartmentsQueryOptions = (filters: { user_id?: string; department_id?: string }) =>
  listQueryOptions<ManagedDepartment>('user-managed-department', filters);

export const resetIcalTokenMutationOptions = () => ({
  mutationFn: () => apiFetch<IcalTokenReset>(ICAL_TOKEN_RESET_PATH, { method: 'POST' }),
});
