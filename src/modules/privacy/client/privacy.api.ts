// The calls of the data-protection screens: exports (listed, watched while a job builds them,
// asked for, downloaded), the company's settings and retention preview, and the register.
// Keys start with the resource names, so realtime events and writes naming them refresh them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch, ApiError } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import {
  DATA_PROTECTION_INVALIDATES,
  DATA_PROTECTION_RESOURCE,
  EXPORTS_INVALIDATES,
  PERSONAL_DATA_EXPORTS_RESOURCE,
  privacyPaths,
  type PersonalDataExport,
  type PrivacySettings,
  type PrivacySettingsInput,
  type RetentionPreview,
  type SpecialCategoryRegister,
} from '../privacy.contract';

const building = (list: readonly PersonalDataExport[] | undefined) =>
  list?.some((item) => item.status === 'queued' || item.status === 'building');

export const exportsQueryOptions = () =>
  queryOptions({
    queryKey: [PERSONAL_DATA_EXPORTS_RESOURCE, 'list'] as const,
    queryFn: ({ signal }) => apiFetch<PersonalDataExport[]>(privacyPaths.exports, { signal }),
    // While a job builds one, its progress is read every two seconds.
    refetchInterval: (query) => (building(query.state.data) ? 2000 : false),
    meta: { sensitive: true },
  });

export const requestExportMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (userId: string) => apiFetch<PersonalDataExport>(privacyPaths.exports, { method: 'POST', body: { userId } }),
  meta: { errorToast: false },
  onSuccess: () => invalidateResources(queryClient, EXPORTS_INVALIDATES),
});

export const privacySettingsQueryOptions = () =>
  queryOptions({
    queryKey: [DATA_PROTECTION_RESOURCE, 'settings'] as const,
    queryFn: ({ signal }) => apiFetch<PrivacySettings>(privacyPaths.settings, { signal }),
  });

export const saveSettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (body: PrivacySettingsInput) => apiFetch<PrivacySettings>(privacyPaths.settings, { method: 'PUT', body }),
  meta: { errorToast: false },
  onSuccess: () => invalidateResources(queryClient, DATA_PROTECTION_INVALIDATES),
});

export const retentionPreviewQueryOptions = () =>
  queryOptions({
    queryKey: [DATA_PROTECTION_RESOURCE, 'preview'] as const,
    queryFn: ({ signal }) => apiFetch<RetentionPreview>(privacyPaths.retentionPreview, { signal }),
  });

export const registerQueryOptions = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: [DATA_PROTECTION_RESOURCE, 'register', period] as const,
    queryFn: ({ signal }) => apiFetch<SpecialCategoryRegister>(privacyPaths.register, { signal, query: period }),
    meta: { sensitive: true },
  });

export function refusalMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}
