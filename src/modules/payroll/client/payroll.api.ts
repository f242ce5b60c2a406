// Payroll data's calls: the settings, the periods, one period's review, exporting (locks it),
// sending it to the payroll contact, and downloading its files with the bearer token.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { ListResponse } from '../../../shared/list';
import {
  PAYROLL_INVALIDATES,
  PAYROLL_RESOURCES,
  payrollPaths,
  type ExportLayout,
  type PayPeriodDetail,
  type PayPeriodSummary,
  type PayrollSettings,
  type PayrollSettingsInput,
} from '../payroll.contract';
import { saveFile } from '../../../client/api/downloads';

export const payrollKeys = {
  periods: [PAYROLL_RESOURCES.period, 'list'] as const,
  period: (start: string) => [PAYROLL_RESOURCES.period, 'detail', start] as const,
  settings: [PAYROLL_RESOURCES.settings] as const,
};

export const periodsQueryOptions = () =>
  queryOptions({
    queryKey: payrollKeys.periods,
    queryFn: ({ signal }) => apiFetch<ListResponse<PayPeriodSummary>>(payrollPaths.periods, { signal }).then((page) => page.results),
  });

export const periodQueryOptions = (start: string) =>
  queryOptions({
    queryKey: payrollKeys.period(start),
    queryFn: ({ signal }) => apiFetch<PayPeriodDetail>(payrollPaths.period(start), { signal }),
    // NI numbers: never written to the offline cache.
    meta: { errorToast: false, sensitive: true },
    retry: false,
  });

export const payrollSettingsQueryOptions = () =>
  queryOptions({ queryKey: payrollKeys.settings, queryFn: ({ signal }) => apiFetch<PayrollSettings>(payrollPaths.settings, { signal }) });

export const exportMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (start: string) => apiFetch<PayPeriodDetail>(payrollPaths.export(start), { method: 'POST', body: {} }),
  onSuccess: (detail: PayPeriodDetail) => {
    queryClient.setQueryData(payrollKeys.period(detail.start_date), detail);
    return invalidateResources(queryClient, PAYROLL_INVALIDATES.period);
  },
});

export const sendMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ start, layout }: { start: string; layout: ExportLayout }) =>
    apiFetch<PayPeriodDetail>(payrollPaths.send(start), { method: 'POST', body: { layout } }),
  onSuccess: (detail: PayPeriodDetail) => {
    queryClient.setQueryData(payrollKeys.period(detail.start_date), detail);
    return invalidateResources(queryClient, PAYROLL_INVALIDATES.period);
  },
});

export const savePayrollSettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: PayrollSettingsInput) => apiFetch<PayrollSettings>(payrollPaths.settings, { method: 'PUT', body }),
  onSuccess: (settings: PayrollSettings) => {
    queryClient.setQueryData(payrollKeys.settings, settings);
    return invalidateResources(queryClient, PAYROLL_INVALIDATES.settings);
  },
});

/** The period's file in a layout, with the bearer token, saved under the server's name. */
export function downloadPeriod(start: string, layout: ExportLayout): Promise<void> {
  return saveFile(payrollPaths.download(start, layout), `payroll-${start}.${layout === 'xlsx' ? 'xlsx' : 'csv'}`);
}
