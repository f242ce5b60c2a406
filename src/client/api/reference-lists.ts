// The reference lists and settings several modules read: one query each, so one cache entry
// each, whichever screen asks first. Keys start with the resource name, so the realtime
// invalidations of the owning module refresh them.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { settingsPaths, type CompanySettings, type UpdateCompanySettingsInput } from '../../shared/settings.contract';
import type { ListResponse } from '../../shared/list';
import { apiFetch } from './api-client';

/** Enough rows for any company's list of choices. */
export const REFERENCE_LIMIT = 500;

export type NamedOption = { id: string; name: string };

export const companySettingsKey = (companyId: string) => ['company-settings', companyId] as const;

export const companySettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: companySettingsKey(companyId),
    queryFn: ({ signal }) => apiFetch<CompanySettings>(settingsPaths.companySettings(companyId), { signal }),
    staleTime: 5 * 60 * 1000,
  });

export const updateCompanySettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ companyId, input }: { companyId: string; input: UpdateCompanySettingsInput }) =>
    apiFetch<CompanySettings>(settingsPaths.companySettings(companyId), { method: 'PUT', body: input }),
  onSuccess: (settings: CompanySettings) => queryClient.setQueryData(companySettingsKey(settings.company_id), settings),
});

/** A company list of choices (readable by every company user), names in `name`: the first page of up to REFERENCE_LIMIT. */
export const referenceListQueryOptions = <T extends NamedOption = NamedOption>(resource: string) =>
  queryOptions({
    queryKey: [resource, 'options'] as const,
    queryFn: ({ signal }) => apiFetch<ListResponse<T>>(`/api/${resource}`, { signal, query: { limit: REFERENCE_LIMIT } }),
    staleTime: 5 * 60 * 1000,
  });

export const departmentsQueryOptions = () => referenceListQueryOptions('departments');
