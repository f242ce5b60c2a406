// The calls of the employment, job history, contract, pay, working pattern and right-to-work
// tabs. Query keys start with resource name, so a realtime event naming
// the resource refreshes them. Pay rates and right-to-work documents are financial and identity
// data: never persisted to the offline cache (`meta.sensitive`).
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../client/api/api-client';
import { invalidateResources } from '../../../../client/api/invalidate-resources';
import type { ListResponse } from '../../../../shared/list';
import { resourcePath } from '../../../../shared/resource-api';
import {
  employmentRecordPaths,
  EMPLOYMENT_RECORD_ALSO_INVALIDATES,
  EMPLOYMENT_RECORD_RESOURCES,
  type BankHolidaySetting,
  type EmploymentDetails,
  type NamedRef,
  type EmploymentRecordResource,
  type UpdateBankHolidaysInput,
  type UpdateEmploymentDetailsInput,
} from '../../employment-records.contract';

export const HISTORY_PAGE_SIZE = 20;
/** Enough for the whole of any company list a form chooses from. */
const REFERENCE_LIMIT = 500;
const SENSITIVE: ReadonlySet<string> = new Set([EMPLOYMENT_RECORD_RESOURCES.payRate, EMPLOYMENT_RECORD_RESOURCES.workPermit]);

export const employmentRecordKeys = {
  all: (resource: string) => [resource] as const,
  person: (resource: string, userId: string) => [resource, userId] as const,
  page: (resource: string, userId: string, page: number, filters: Record<string, string> = {}) =>
    [resource, userId, page, filters] as const,
  lineManagerOptions: (userId: string, search: string) =>
    [EMPLOYMENT_RECORD_RESOURCES.employmentDetails, userId, 'line-manager-options', search] as const,
  reference: (resource: string) => [resource, 'employment-record-options'] as const,
};

export const employmentDetailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: employmentRecordKeys.person(EMPLOYMENT_RECORD_RESOURCES.employmentDetails, userId),
    queryFn: ({ signal }) => apiFetch<EmploymentDetails>(employmentRecordPaths.employmentDetails(userId), { signal }),
  });

export const bankHolidaysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: employmentRecordKeys.person(EMPLOYMENT_RECORD_RESOURCES.bankHolidays, userId),
    queryFn: ({ signal }) => apiFetch<BankHolidaySetting>(employmentRecordPaths.bankHolidays(userId), { signal }),
  });

/** One page of a person's records of `resource`, newest first; the list may carry extra fields. */
export const recordPageQueryOptions = <TList extends ListResponse<unknown>>(
  resource: EmploymentRecordResource,
  input: { userId: string; page: number; filters?: Record<string, string> },
) =>
  queryOptions({
    queryKey: employmentRecordKeys.page(resource, input.userId, input.page, input.filters),
    queryFn: ({ signal }) =>
      apiFetch<TList>(resourcePath(resource), {
        signal,
        query: { user_id: input.userId, ...input.filters, limit: HISTORY_PAGE_SIZE, offset: (input.page - 1) * HISTORY_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    meta: SENSITIVE.has(resource) ? { sensitive: true } : undefined,
  });

/** Active colleagues who may be the person's line managers, by name. */
export const lineManagerOptionsQueryOptions = (userId: string, search: string) =>
  queryOptions({
    queryKey: employmentRecordKeys.lineManagerOptions(userId, search),
    queryFn: ({ signal }) =>
      apiFetch<{ results: NamedRef[] }>(employmentRecordPaths.lineManagerOptions(userId), { signal, query: { search } }),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });

/** A company list a form chooses from (contract types, locations, departments...); every user reads them. */
export const referenceListQueryOptions = <T extends { id: string; name: string }>(resource: string) =>
  queryOptions({
    queryKey: employmentRecordKeys.reference(resource),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<T>>(resourcePath(resource), { signal, query: { limit: REFERENCE_LIMIT } }).then((answer) => answer.results),
    staleTime: 60 * 1000,
  });

const refresh = (queryClient: QueryClient, resource: EmploymentRecordResource) =>
  invalidateResources(queryClient, [resource, ...(EMPLOYMENT_RECORD_ALSO_INVALIDATES[resource] ?? [])]);

export const saveEmploymentDetailsMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (input: UpdateEmploymentDetailsInput) =>
    apiFetch<EmploymentDetails>(employmentRecordPaths.employmentDetails(userId), { method: 'PUT', body: input }),
  onSuccess: () => refresh(queryClient, EMPLOYMENT_RECORD_RESOURCES.employmentDetails),
});

export const saveBankHolidaysMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (input: UpdateBankHolidaysInput) =>
    apiFetch<BankHolidaySetting>(employmentRecordPaths.bankHolidays(userId), { method: 'PUT', body: input }),
  onSuccess: () => refresh(queryClient, EMPLOYMENT_RECORD_RESOURCES.bankHolidays),
});

/** Creates (no id: the body names the person) or replaces one record; a 422 is left to the form. */
export const saveRecordMutationOptions = <T>(queryClient: QueryClient, resource: EmploymentRecordResource) => ({
  mutationFn: ({ id, body }: { id: string | null; body: unknown }) =>
    apiFetch<T>(employmentRecordPaths.record(resource, id ?? undefined), { method: id ? ('PUT' as const) : ('POST' as const), body }),
  onSuccess: () => refresh(queryClient, resource),
});

export const deleteRecordMutationOptions = (queryClient: QueryClient, resource: EmploymentRecordResource) => ({
  mutationFn: (id: string) => apiFetch<void>(employmentRecordPaths.record(resource, id), { method: 'DELETE' }),
  onSuccess: () => refresh(queryClient, resource),
});
