// The identity calls and the auth contract: sign-in, sign-out, refresh, password
// reset and change. Failures are ApiErrors; the screens explain them (login-failure.ts).
import { apiFetch } from '../../../client/api/api-client';
import {
  authPaths,
  identityPaths,
  onboardingPaths,
  confirmEmailChangePath,
  type ConfirmEmailResponse,
  type EmailChangeConfirmed,
  type LoginInput,
  type LoginResponse,
  type RefreshResponse,
  type WelcomeInput,
} from '../auth.contract';
import { signUpPaths } from '../../companies/sign-up-values';

export function login(input: LoginInput): Promise<LoginResponse> {
  return apiFetch<LoginResponse>(authPaths.login, {
    method: 'POST',
    body: { email: input.email, password: input.password, two_factor_secret: input.two_factor_secret ?? null },
    // A refused sign-in is a 401 too; it is the form's to explain, not a lost session.
    handleUnauthorised: false,
    freshToken: false,
  });
}

/** Tells the server to end the session. A 401 means it has already ended, which is fine. */
/** Sends the stored token, even an expired one: the server answers while the session lives. */
export function refreshToken(): Promise<RefreshResponse> {
  return apiFetch<RefreshResponse>(authPaths.refresh, { method: 'POST', handleUnauthorised: false, freshToken: false });
}

export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await apiFetch<unknown>(identityPaths.passwordReset, { method: 'POST', body: input, freshToken: false });
}

export async function completePasswordReset(input: { token: string; password: string }): Promise<void> {
  await apiFetch<unknown>(identityPaths.passwordResetComplete, { method: 'POST', body: input, freshToken: false });
}

/** Answers a new session's token and permissions; every other session of the user ends. */
export function changePassword(input: { current_password: string; password: string }): Promise<RefreshResponse> {
  // A wrong current password is the form's to explain, whatever status it comes with.
  return apiFetch<RefreshResponse>(identityPaths.password, { method: 'PUT', body: input, handleUnauthorised: false });
}

/** The invitation link's token for a session that may only finish onboarding; a bad link is a 422 on `token`. */
export function confirmEmail(input: { token: string }): Promise<ConfirmEmailResponse> {
  return apiFetch<ConfirmEmailResponse>(onboardingPaths.confirmEmail, {
    method: 'POST',
    body: input,
    handleUnauthorised: false,
    freshToken: false,
  });
}

/** A company sign-up's link: the company and its owner are made, and the answer is the owner's onboarding session. */
export function confirmSignUp(input: { token: string }): Promise<ConfirmEmailResponse> {
  return apiFetch<ConfirmEmailResponse>(signUpPaths.confirm, {
    method: 'POST',
    body: input,
    handleUnauthorised: false,
    freshToken: false,
  });
}

/** The link to a new sign-in address: the address now in use; every session of the person has ended. */
export function confirmEmailChange(input: { token: string }): Promise<EmailChangeConfirmed> {
  return apiFetch<EmailChangeConfirmed>(confirmEmailChangePath, {
    method: 'POST',
    body: input,
    handleUnauthorised: false,
    freshToken: false,
  });
}

/** Password and terms: answers a new session (status active); the onboarding one has ended. */
export function completeWelcome(input: WelcomeInput): Promise<LoginResponse> {
  return apiFetch<LoginResponse>(onboardingPaths.welcome, { method: 'POST', body: input });
}
