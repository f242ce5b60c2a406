// The caller's own two-factor setting (GET/PUT /api/user-2fa, the identity contract), for the
// "My settings" tab. A refusal's message is the page's to show, so these carry no toast.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { identityPaths, type TwoFactorMethod, type TwoFactorSetting } from '../../auth/auth.contract';

export const twoFactorKeys = { setting: ['user-2fa'] as const };

export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.setting,
    queryFn: ({ signal }) => apiFetch<TwoFactorSetting>(identityPaths.twoFactor, { signal }),
  });

export const updateTwoFactorMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (input: { enabled: boolean; method: TwoFactorMethod }) =>
    apiFetch<TwoFactorSetting>(identityPaths.twoFactor, { method: 'PUT', body: input }),
  onSuccess: (setting: TwoFactorSetting) => queryClient.setQueryData(twoFactorKeys.setting, setting),
  meta: { errorToast: false },
});
