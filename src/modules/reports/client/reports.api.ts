// The reports screen's calls: the catalogue, one report's answer (its query key carries the
// filters), the monthly e-mail subscriptions, and exports downloaded with their progress.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import {
  REPORT_RESOURCES,
  reportPaths,
  type ReportResult,
  type ReportSubscription,
  type ReportSummary,
  type SubscriptionInput,
} from '../../../shared/reports.contract';
import { fetchFile, filenameFrom, saveBlob } from '../../../client/api/downloads';

export type ReportParams = { from: string; to: string; department_id?: string[]; location_id?: string[]; group_by?: string };

export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: [REPORT_RESOURCES.reports, 'catalogue'] as const,
    queryFn: ({ signal }) => apiFetch<{ results: ReportSummary[] }>(reportPaths.catalogue, { signal }).then((answer) => answer.results),
    staleTime: 5 * 60 * 1000,
  });

export const reportQueryOptions = (key: string, params: ReportParams, sensitive: boolean) =>
  queryOptions({
    queryKey: [REPORT_RESOURCES.reports, key, params] as const,
    queryFn: ({ signal }) => apiFetch<ReportResult>(reportPaths.report(key), { signal, query: params }),
    placeholderData: keepPreviousData,
    // Sickness reasons are special-category: never kept in the offline cache.
    meta: { sensitive },
  });

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: [REPORT_RESOURCES.subscriptions] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ results: ReportSubscription[] }>(reportPaths.subscriptions, { signal }).then((answer) => answer.results),
  });

export const createSubscriptionMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: Partial<SubscriptionInput>) => apiFetch<{ id: string }>(reportPaths.subscriptions, { method: 'POST', body }),
  onSuccess: () => invalidateResources(queryClient, [REPORT_RESOURCES.subscriptions]),
});

export const deleteSubscriptionMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(reportPaths.subscription(id), { method: 'DELETE' }),
  onSuccess: () => invalidateResources(queryClient, [REPORT_RESOURCES.subscriptions]),
});

/** Downloads the report as a file, telling `onProgress` the share received (0..1, or null when the size is unknown). */
export async function downloadReport(input: {
  key: string;
  params: ReportParams;
  format: 'csv' | 'xlsx';
  onProgress: (share: number | null) => void;
}): Promise<void> {
  const response = await fetchFile(reportPaths.report(input.key), { query: { ...input.params, format: input.format } });
  const total = Number(response.headers.get('content-length')) || null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    input.onProgress(total ? Math.min(1, received / total) : null);
  }
  const name = filenameFrom(response.headers.get('content-disposition')) ?? `${input.key}-report.${input.format}`;
  saveBlob(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), name);
}
