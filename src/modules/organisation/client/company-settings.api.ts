// Company settings as the company settings page reads and changes them (SPEC §7 company-settings
// by company_id). The key is the settings module's own, so both share one cache entry and
// the realtime 'company-settings' invalidation refreshes it.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { settingsPaths, type CompanySettings, type UpdateCompanySettingsInput } from '../../settings/settings.contract';

const companySettingsKey = (companyId: string) => ['company-settings', companyId] as const;

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
