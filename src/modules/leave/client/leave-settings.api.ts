// The calls of "Leave & Absence Settings": leave types, policy templates, blocked
// date periods, bank holidays with the company's own days, the leave-year start, and the
// return-to-work switch, which lives in the company settings (the settings module's API,
// reached through its contract; same cache key as the company settings page). Query keys
// start with resource name, so realtime invalidations refresh them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { ListResponse } from '../../../shared/list';
import { updateCompanySettingsMutationOptions } from '../../../client/api/reference-lists';
import {
  type BankHoliday,
  type BlockedDatePeriod,
  type CompanyLeaveSettings,
  type CompanyLeaveSettingsInput,
  type PolicyTemplate,
} from '../leave-settings.contract';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES, leavePaths, type BankHolidayRegion, type LeaveResource } from '../leave.contract';

const ALL = { limit: 500 };

export const settingsKeys = {
  templates: [LEAVE_RESOURCES.policyTemplate] as const,
  blocked: [LEAVE_RESOURCES.blockedDates] as const,
  bankHolidays: (region: BankHolidayRegion, year: number) => [LEAVE_RESOURCES.bankHolidays, region, year] as const,
  leaveSettings: [LEAVE_RESOURCES.leaveSettings] as const,
};

const list =
  <T>(resource: LeaveResource | string, query: Record<string, string | number> = {}) =>
  ({ signal }: { signal: AbortSignal }) =>
    apiFetch<ListResponse<T>>(`/api/${resource}`, { signal, query: { ...ALL, ...query } }).then((answer) => answer.results);

export const policyTemplatesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.templates, queryFn: list<PolicyTemplate>(LEAVE_RESOURCES.policyTemplate) });

export const blockedDatesQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.blocked, queryFn: list<BlockedDatePeriod>(LEAVE_RESOURCES.blockedDates) });

export const bankHolidaysQueryOptions = (region: BankHolidayRegion, year: number) =>
  queryOptions({
    queryKey: settingsKeys.bankHolidays(region, year),
    queryFn: list<BankHoliday>(LEAVE_RESOURCES.bankHolidays, { bank_holiday_region_id: region, year }),
  });

export const leaveSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.leaveSettings,
    queryFn: ({ signal }) => apiFetch<CompanyLeaveSettings>(leavePaths.resource(LEAVE_RESOURCES.leaveSettings), { signal }),
  });

/** What a write to a settings resource makes stale (the contract's list; the resource itself at least). */
const settingsInvalidates = (resource: LeaveResource): readonly string[] =>
  (LEAVE_INVALIDATES.settings as Partial<Record<LeaveResource, readonly string[]>>)[resource] ?? [resource];

/** Creates (no id) or replaces one item of a settings list; a 422 is left to the form. */
export const saveSettingMutationOptions = <T>(queryClient: QueryClient, resource: LeaveResource) => ({
  mutationFn: ({ id, body }: { id?: string | undefined; body: unknown }) =>
    apiFetch<T>(leavePaths.resource(resource, id), { method: id ? ('PUT' as const) : ('POST' as const), body }),
  onSuccess: () => invalidateResources(queryClient, settingsInvalidates(resource)),
});

/** A 409 (in use, built in) is explained by the dialog that asked. */
export const deleteSettingMutationOptions = (queryClient: QueryClient, resource: LeaveResource) => ({
  mutationFn: (id: string) => apiFetch<void>(leavePaths.resource(resource, id), { method: 'DELETE' }),
  onSuccess: () => invalidateResources(queryClient, settingsInvalidates(resource)),
});

export const saveLeaveSettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: CompanyLeaveSettingsInput) =>
    apiFetch<CompanyLeaveSettings>(leavePaths.resource(LEAVE_RESOURCES.leaveSettings), { method: 'PUT', body: input }),
  onSuccess: (saved: CompanyLeaveSettings) => {
    queryClient.setQueryData(settingsKeys.leaveSettings, saved);
    // The saved settings are shown at once; the leave years they move refresh behind them.
    void invalidateResources(queryClient, settingsInvalidates(LEAVE_RESOURCES.leaveSettings));
  },
});

/** The return-to-work switch, which lives in the company settings. */
export const saveReturnToWorkMutationOptions = (queryClient: QueryClient, companyId: string) => {
  const { mutationFn, onSuccess } = updateCompanySettingsMutationOptions(queryClient);
  return { mutationFn: (enabled: boolean) => mutationFn({ companyId, input: { return_to_work_enabled: enabled } }), onSuccess };
};
