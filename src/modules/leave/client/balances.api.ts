// A person's balances: their leave years with a value per leave type (current,
// or every year grouped by leave type), each value's logged history, and the administrators'
// writes — an adjustment or hours worked, assigning a policy, opening the next leave year.
// Query keys start with resource name, so realtime invalidations refresh them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { pageQueries, startQuery, type PageQueries } from '../../../client/api/start-query';
import type { ListResponse } from '../../../shared/list';
import { directoryPaths, type UserBasic } from '../../employees/directory.contract';
import {
  type AbsencePeriod,
  type PeriodGroup,
  type UserAbsencePolicy,
  type ValueLog,
  type ValueLogInput,
} from '../leave-balances.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES, leavePaths } from '../leave.contract';
import { signedInUser } from './requests.api';

export const balanceKeys = {
  periods: (userId: string, view: 'current' | 'grouped') => [LEAVE_RESOURCES.period, userId, view] as const,
  valueLog: (valueId: string) => [LEAVE_RESOURCES.valueLog, valueId] as const,
  policy: (userId: string) => [LEAVE_RESOURCES.policy, userId] as const,
  person: (userId: string) => ['user-basic', 'leave-person', userId] as const,
};

const periodsPath = leavePaths.resource(LEAVE_RESOURCES.period);

/** The current leave year (none yet: an empty list). */
export const currentPeriodQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: balanceKeys.periods(userId, 'current'),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<AbsencePeriod>>(periodsPath, { signal, query: { user_id: userId, current_only: 1 } }).then(
        (answer) => answer.results[0] ?? null,
      ),
  });

/** Every leave year, by leave type, newest first. */
export const groupedPeriodsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: balanceKeys.periods(userId, 'grouped'),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<PeriodGroup>>(periodsPath, { signal, query: { user_id: userId, grouped: 1 } }).then((answer) => answer.results),
  });

export const valueLogQueryOptions = (valueId: string) =>
  queryOptions({
    queryKey: balanceKeys.valueLog(valueId),
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<ValueLog>>(leavePaths.resource(LEAVE_RESOURCES.valueLog), {
        signal,
        query: { value_id: valueId, limit: 500 },
      }).then((answer) => answer.results),
  });

export const userPolicyQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: balanceKeys.policy(userId),
    queryFn: ({ signal }) => apiFetch<UserAbsencePolicy>(leavePaths.policy(userId), { signal }),
  });

/** Whose balances these are, for the heading; a refusal (403, 404) is shown by the page, not a toast. */
export const balancePersonQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: balanceKeys.person(userId),
    queryFn: ({ signal }) => apiFetch<UserBasic>(directoryPaths.userBasicRecord(userId), { signal }),
    retry: (count, error) => !(isApiError(error, 403) || isApiError(error, 404)) && count < 1,
    meta: { errorToast: false },
    staleTime: 60 * 1000,
  });

/** The balances page's first queries (its route's loader): whose they are when someone else's, and their current leave year. */
export function startBalancesPage(queryClient: QueryClient, userId: string | undefined): PageQueries | undefined {
  const self = signedInUser().id;
  const subject = userId ?? self;
  if (!subject) return undefined;
  return pageQueries(
    subject !== self ? startQuery(queryClient, balancePersonQueryOptions(subject)) : undefined,
    startQuery(queryClient, currentPeriodQueryOptions(subject)),
  );
}

const refreshBalances = (queryClient: QueryClient) => invalidateResources(queryClient, LEAVE_INVALIDATES.balances);

export const logValueMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: ValueLogInput) => apiFetch<ValueLog>(leavePaths.resource(LEAVE_RESOURCES.valueLog), { method: 'POST', body: input }),
  onSuccess: () => refreshBalances(queryClient),
});

export const assignPolicyMutationOptions = (queryClient: QueryClient, userId: string) => ({
  mutationFn: (templateId: string) =>
    apiFetch<UserAbsencePolicy>(leavePaths.policy(userId), { method: 'PUT', body: { template_id: templateId } }),
  onSuccess: () => refreshBalances(queryClient),
});

export const createNewPeriodMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (userId: string) =>
    apiFetch<AbsencePeriod>(leavePaths.resource(LEAVE_RESOURCES.createNewPeriod), { method: 'POST', body: { user_id: userId } }),
  onSuccess: () => refreshBalances(queryClient),
});
