// Signing in with Microsoft or Google, loaded only when the login page needs it: which button
// an address's domain gets, the start (the browser goes to the provider) and, back at /login
// with the provider's code and state, the finish. A refusal reads as a password's would.
import { apiFetch } from '../../../client/api/api-client';
import type { LoginResponse } from '../auth.contract';
import { companySignInPaths, signInProviderMessages, type SignInProvider } from '../company-sign-in.contract';
import { interpretLoginError, type LoginOutcome } from './login-failure';

const call = { handleUnauthorised: false, freshToken: false } as const;

export function findProvider(email: string): Promise<SignInProvider> {
  return apiFetch<SignInProvider>(companySignInPaths.provider, { ...call, query: { email } });
}

export async function startProviderSignIn(email: string): Promise<{ outcome: LoginOutcome } | null> {
  try {
    const { url } = await apiFetch<{ url: string }>(companySignInPaths.start, { ...call, method: 'POST', body: { email } });
    window.location.assign(url);
    return null;
  } catch (error) {
    return { outcome: interpretLoginError(error) };
  }
}

export async function finishProviderSignIn(
  params: URLSearchParams,
): Promise<{ response: LoginResponse & { email: string } } | { outcome: LoginOutcome }> {
  // The provider sends its own refusal (the person cancelled, or may not use this app) as error=.
  if (params.has('error'))
    return { outcome: { kind: 'problem', problem: { message: signInProviderMessages.providerRefused, resetLink: false } } };
  try {
    const body = {
      code: params.get('code') ?? '',
      state: params.get('state') ?? '',
      ...(params.has('iss') ? { iss: params.get('iss') } : {}),
    };
    return { response: await apiFetch<LoginResponse & { email: string }>(companySignInPaths.finish, { ...call, method: 'POST', body }) };
  } catch (error) {
    return { outcome: interpretLoginError(error) };
  }
}
