// Signing in with a passkey, loaded when "Sign in with a passkey" is pressed: the server's
// challenge, the browser's passkey prompt (it offers the passkeys it holds for this site),
// then the signed answer. A prompt the person closes is no error; a refusal reads as a
// password's would (login-failure.ts).
import { startAuthentication, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiFetch } from '../../../client/api/api-client';
import type { LoginResponse } from '../auth.contract';
import { twoFactorPaths } from '../two-factor.contract';
import { interpretLoginError, type LoginOutcome } from './login-failure';

export const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys. Please sign in with your e-mail address and password.';

export async function signInWithPasskey(): Promise<{ response: LoginResponse & { email: string } } | { outcome: LoginOutcome | null }> {
  const call = { method: 'POST', handleUnauthorised: false, freshToken: false } as const;
  try {
    const optionsJSON = await apiFetch<PublicKeyCredentialRequestOptionsJSON>(twoFactorPaths.passkeyLoginOptions, call);
    let answer;
    try {
      answer = await startAuthentication({ optionsJSON });
    } catch (error) {
      // Closed, timed out or no passkey chosen: the form stays as it was.
      if (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') return { outcome: null };
      if (error instanceof Error && error.name === 'NotAllowedError') return { outcome: null };
      return { outcome: { kind: 'problem', problem: { message: PASSKEY_UNSUPPORTED, resetLink: false } } };
    }
    const signedIn = await apiFetch<LoginResponse & { email: string }>(twoFactorPaths.passkeyLogin, {
      ...call,
      body: { response: answer },
    });
    return { response: signedIn };
  } catch (error) {
    return { outcome: interpretLoginError(error) };
  }
}
