// Sign-in and sign-out calls (SPEC §7). A failed sign-in's message comes from the server's
// body when it has one (SPEC §8).
import { authPaths, type LoginInput, type LoginResponse } from '../../modules/auth/auth.contract';
import { apiFetch, isApiError } from '../api/api-client';

export const LOGIN_FAILED = 'Login Failed, please check your email and password.';
export const UNEXPECTED_ERROR = 'Unexpected error occurred.';
export const OFFLINE_SIGN_IN = 'You are offline. Please connect to the internet to sign in.';

export function login(input: LoginInput): Promise<LoginResponse> {
  return apiFetch<LoginResponse>(authPaths.login, {
    method: 'POST',
    body: { ...input, two_factor_secret: input.two_factor_secret ?? null },
    // A refused sign-in is a 401 too; it is the form's to explain, not a lost session.
    handleUnauthorised: false,
  });
}

/** Tells the server to end the session. A 401 means it has already ended, which is fine. */
export async function logout(): Promise<void> {
  await apiFetch<void>(authPaths.logout, { method: 'POST', handleUnauthorised: false });
}

export function loginErrorMessage(error: unknown): string {
  // No answer at all: signing in is the one thing the app cannot do offline.
  if (!isApiError(error)) return navigator.onLine ? UNEXPECTED_ERROR : OFFLINE_SIGN_IN;
  if (error.status >= 500) return UNEXPECTED_ERROR;
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message !== '' ? message : LOGIN_FAILED;
}
