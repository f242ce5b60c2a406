// The caller's own two-factor setting (GET/PUT /api/user-2fa, the identity contract), their
// authenticator app and passkeys, for the "My settings" tab. A refusal's message is the page's to show, so these carry no toast.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../client/api/api-client';
import { identityPaths, type TwoFactorMethod, type TwoFactorSetting } from '../../auth/auth.contract';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { twoFactorPaths, type AuthenticatorSetup, type PasskeySummary, type RecoveryCodes } from '../../auth/two-factor.contract';

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

// The authenticator app, recovery codes and passkeys. Each write answers what the section
// shows next; the setting (GET /api/user-2fa) is fetched again after it.
const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', ...(body === undefined ? {} : { body }) });
const refetchSetting = (queryClient: QueryClient) => () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.setting });

export const startAuthenticatorMutationOptions = () => ({
  mutationFn: () => post<AuthenticatorSetup>(twoFactorPaths.authenticator),
  meta: { errorToast: false },
});

export const confirmAuthenticatorMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (code: string) => post<RecoveryCodes>(twoFactorPaths.authenticatorConfirm, { code }),
  onSuccess: refetchSetting(queryClient),
  meta: { errorToast: false },
});

export const renewRecoveryCodesMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: () => post<RecoveryCodes>(twoFactorPaths.recoveryCodes),
  onSuccess: refetchSetting(queryClient),
  meta: { errorToast: false },
});

export const removeAuthenticatorMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: () => apiFetch<void>(twoFactorPaths.authenticator, { method: 'DELETE' }),
  onSuccess: refetchSetting(queryClient),
  meta: { errorToast: false },
});

/** The browser makes the passkey (its code loads only here), then the server keeps it under the name. */
export const addPasskeyMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: async (name: string) => {
    const { startRegistration } = await import('@simplewebauthn/browser');
    const optionsJSON = await post<PublicKeyCredentialCreationOptionsJSON>(twoFactorPaths.passkeyOptions);
    const response = await startRegistration({ optionsJSON });
    return post<PasskeySummary>(twoFactorPaths.passkeys, { name, response });
  },
  onSuccess: refetchSetting(queryClient),
  meta: { errorToast: false },
});

export const removePasskeyMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (id: string) => apiFetch<void>(twoFactorPaths.passkey.replace(':id', encodeURIComponent(id)), { method: 'DELETE' }),
  onSuccess: refetchSetting(queryClient),
  meta: { errorToast: false },
});
