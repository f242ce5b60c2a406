// Overtime's calls (user-overtime, §7): the list with its view and filters, one report, the
// person's allowance for the report form, the report itself (queueable: with no network the
// outbox keeps it), the decisions, and the company's overtime settings. Keys start with the
// resource name, so realtime events naming it refresh them.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { ListResponse } from '../../../shared/list';
import type { QueryInput } from '../../../shared/query-string';
import type { QueuedResponse } from '../../../shared/sw-messages';
import {
  OVERTIME_INVALIDATES,
  OVERTIME_RESOURCES,
  overtimePaths,
  ReportOvertimeInputSchema,
  type OvertimeAllowance,
  type OvertimeReport,
  type OvertimeSettings,
  type OvertimeSettingsInput,
  type OvertimeStatus,
  type OvertimeView,
} from '../overtime.contract';

export const OVERTIME_PAGE_SIZE = 20;

export type OvertimeFilters = { view: OvertimeView; status?: OvertimeStatus[]; compensation?: 'paid' | 'toil'; page?: number };

export const overtimeKeys = {
  list: (filters: OvertimeFilters) => [OVERTIME_RESOURCES.overtime, 'list', filters] as const,
  detail: (id: string) => [OVERTIME_RESOURCES.overtime, 'detail', id] as const,
  allowance: (userId: string | null) => [OVERTIME_RESOURCES.overtime, 'allowance', userId] as const,
  settings: [OVERTIME_RESOURCES.settings] as const,
};

export const isRefusal = (error: unknown) => isApiError(error, 404) || isApiError(error, 403);

export const overtimeListQueryOptions = (filters: OvertimeFilters) =>
  queryOptions({
    queryKey: overtimeKeys.list(filters),
    queryFn: ({ signal }) => {
      const page = filters.page ?? 1;
      const { page: _page, ...rest } = filters;
      return apiFetch<ListResponse<OvertimeReport>>(overtimePaths.reports, {
        signal,
        query: { ...(rest as QueryInput), offset: (page - 1) * OVERTIME_PAGE_SIZE, limit: OVERTIME_PAGE_SIZE },
      });
    },
    placeholderData: keepPreviousData,
  });

export const overtimeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: overtimeKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<OvertimeReport>(overtimePaths.report(id), { signal }),
    retry: (failures, error) => !isRefusal(error) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false },
  });

export const allowanceQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: overtimeKeys.allowance(userId),
    queryFn: ({ signal }) => apiFetch<OvertimeAllowance>('/api/overtime-allowance', { signal, query: { user_id: userId ?? undefined } }),
    staleTime: 60 * 1000,
    meta: { errorToast: false },
  });

export const overtimeSettingsQueryOptions = () =>
  queryOptions({
    queryKey: overtimeKeys.settings,
    queryFn: ({ signal }) => apiFetch<OvertimeSettings>(overtimePaths.settings, { signal }),
  });

export type ReportBody = {
  user_id: string | null;
  date: string;
  start_time: string | null;
  end_time: string | null;
  hours: number | null;
  reason: string;
  compensation: 'paid' | 'toil';
  overtime_rate_id: string | null;
};

export function reportOvertime(body: ReportBody): Promise<OvertimeReport | QueuedResponse> {
  return apiFetch<OvertimeReport>(overtimePaths.reports, {
    method: 'POST',
    body,
    queue: { resource: OVERTIME_RESOURCES.overtime, label: 'Overtime report', schema: ReportOvertimeInputSchema, form: '/overtime/report' },
  });
}

export const reportMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: reportOvertime,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  onSuccess: () => invalidateResources(queryClient, OVERTIME_INVALIDATES.overtime),
});

export type Decision = { id: string; action: 'approve' | 'decline' | 'cancel'; reason?: string };

export const decisionMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, action, reason }: Decision) =>
    apiFetch<OvertimeReport>(overtimePaths.action(id, action), {
      method: 'POST',
      body: action === 'decline' ? { reason: reason ?? '' } : {},
    }),
  onSuccess: (report: OvertimeReport) => {
    queryClient.setQueryData(overtimeKeys.detail(report.id), report);
    return invalidateResources(queryClient, OVERTIME_INVALIDATES.overtime);
  },
});

export const saveSettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: OvertimeSettingsInput) => apiFetch<OvertimeSettings>(overtimePaths.settings, { method: 'PUT', body }),
  onSuccess: (settings: OvertimeSettings) => {
    queryClient.setQueryData(overtimeKeys.settings, settings);
    return invalidateResources(queryClient, OVERTIME_INVALIDATES.settings);
  },
});
