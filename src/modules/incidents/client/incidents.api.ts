// The calls of the incident screens (incident-log, §7): the list with its RIDDOR status, one
// record, reporting (queueable: offline, the service worker keeps the report and its photo and
// sends it once), editing the RIDDOR answers, marking the report made, the CSV export.
// Incident records hold health data: the offline cache keeps only the person's own (reported by
// them or about them); anyone else's stays off the device.
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import type { QueryInput } from '../../../shared/query-string';
import type { QueuedResponse } from '../../../shared/sw-messages';
import {
  INCIDENT_INVALIDATES,
  CreateIncidentInputSchema,
  INCIDENT_RESOURCE,
  INCIDENT_ROUTES,
  incidentPaths,
  type IncidentDetail,
  type IncidentList,
  type LinkedAbsence,
} from '../incidents.contract';
import { downloadAuthorised, saveFile } from '../../../client/api/downloads';

export const INCIDENT_PAGE_SIZE = 20;
export type IncidentFilters = { riddor?: string[]; from?: string; to?: string; search?: string; retention_due?: '1' };

/** The fields naming whose record it is: the person involved and the reporter. */
export const INCIDENT_OWNERS = ['person.user_id', 'reported_by_id'];

export const incidentKeys = {
  list: (input: { filters: IncidentFilters; page: number }) => [INCIDENT_RESOURCE, 'list', input] as const,
  detail: (id: string) => [INCIDENT_RESOURCE, 'detail', id] as const,
  absences: (id: string) => [INCIDENT_RESOURCE, 'absences', id] as const,
};

export const incidentListQueryOptions = (input: { filters: IncidentFilters; page: number }) =>
  queryOptions({
    queryKey: incidentKeys.list(input),
    queryFn: ({ signal }) =>
      apiFetch<IncidentList>(incidentPaths.resource(), {
        signal,
        query: { ...(input.filters as QueryInput), offset: (input.page - 1) * INCIDENT_PAGE_SIZE, limit: INCIDENT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    meta: { keptIfOwn: INCIDENT_OWNERS },
  });

export const incidentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<IncidentDetail>(incidentPaths.resource(id), { signal }),
    retry: (failures, error) => !isApiError(error, 404) && !isApiError(error, 403) && !isApiError(error, 401) && failures < 1,
    meta: { errorToast: false, keptIfOwn: INCIDENT_OWNERS },
  });

export const incidentAbsencesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: incidentKeys.absences(id),
    queryFn: ({ signal }) => apiFetch<{ results: LinkedAbsence[] }>(incidentPaths.absences(id), { signal }),
    meta: { errorToast: false, sensitive: true },
  });

const invalidate = (queryClient: QueryClient) => invalidateResources(queryClient, INCIDENT_INVALIDATES);

/** A report: JSON, or with a photo as multipart (`data` holds the record); both queueable. */
export async function sendReport(record: object, photo: File | null): Promise<IncidentDetail | QueuedResponse> {
  const queue = {
    resource: INCIDENT_RESOURCE,
    label: 'Incident report',
    schema: CreateIncidentInputSchema,
    input: record,
    form: INCIDENT_ROUTES.report,
  };
  if (!photo) return apiFetch<IncidentDetail>(incidentPaths.resource(), { method: 'POST', body: record, queue });
  const form = new FormData();
  form.set('data', JSON.stringify(record));
  form.set('file', photo, photo.name);
  return apiFetch<IncidentDetail>(incidentPaths.resource(), { method: 'POST', body: form, queue });
}

export const reportIncidentMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ record, photo }: { record: object; photo: File | null }) => sendReport(record, photo),
  networkMode: 'always' as const,
  meta: { errorToast: false },
  onSuccess: () => invalidate(queryClient),
});

export const updateIncidentMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, body }: { id: string; body: object }) => apiFetch<IncidentDetail>(incidentPaths.resource(id), { method: 'PUT', body }),
  meta: { errorToast: false },
  onSuccess: (detail: IncidentDetail) => {
    queryClient.setQueryData(incidentKeys.detail(detail.id), detail);
    return invalidate(queryClient);
  },
});

export const markReportedMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ id, reference, reported_on }: { id: string; reference: string; reported_on: string }) =>
    apiFetch<IncidentDetail>(incidentPaths.riddorReport(id), { method: 'POST', body: { reference, reported_on } }),
  meta: { errorToast: false },
  onSuccess: (detail: IncidentDetail) => {
    queryClient.setQueryData(incidentKeys.detail(detail.id), detail);
    return invalidate(queryClient);
  },
});

export const deleteIncidentMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(incidentPaths.resource(id), { method: 'DELETE' }),
  meta: { errorToast: false },
  onSuccess: () => invalidate(queryClient),
});

/** Downloads with the bearer token and saves (CSV) or opens (a photo) the file. */
export async function downloadWithToken(path: string, saveAs?: string): Promise<void> {
  if (saveAs) return saveFile(path, saveAs);
  const url = URL.createObjectURL((await downloadAuthorised(path)).blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function refusalMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status >= 500) return null;
  const fieldMessages = Object.values(error.fieldErrors ?? {}).flat();
  return fieldMessages.length > 0 ? fieldMessages.join(' ') : error.message;
}
