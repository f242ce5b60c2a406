// The company's sign-in settings (GET/PUT /api/company-sign-in): the two-factor rule and the
// Microsoft or Google sign-in. A refusal's message is the page's to show, so these carry no toast.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { companySignInPaths, type CompanySignIn, type UpdateCompanySignInInput } from '../company-sign-in.contract';

export const companySignInKeys = { settings: ['company-sign-in'] as const };

export const companySignInQueryOptions = () =>
  queryOptions({
    queryKey: companySignInKeys.settings,
    queryFn: ({ signal }) => apiFetch<CompanySignIn>(companySignInPaths.settings, { signal }),
  });

export const updateCompanySignInMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: Partial<Omit<UpdateCompanySignInInput, 'domains'>> & { domains?: string[] }) =>
    apiFetch<CompanySignIn>(companySignInPaths.settings, { method: 'PUT', body: input }),
  onSuccess: (settings: CompanySignIn) => queryClient.setQueryData(companySignInKeys.settings, settings),
  meta: { errorToast: false },
});
