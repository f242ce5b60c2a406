// Authenticator apps, recovery codes and passkeys: what the user settings' "Two-factor"
// section, the sign-in page and an owner's reset of a person's two-factor exchange with the
// server. The caller's own state is part of GET /api/user-2fa (TwoFactorSetting).
import * as v from 'valibot';
import { textField } from '../../shared/validators';

export const twoFactorPaths = {
  /** POST → AuthenticatorSetup (a new secret, not yet in use); DELETE → 204, the app no longer asked for. */
  authenticator: '/api/user-2fa/authenticator',
  /** POST {code} → RecoveryCodes: the app is in use, codes shown this once. */
  authenticatorConfirm: '/api/user-2fa/authenticator/confirm',
  /** POST → RecoveryCodes: ten new codes; the earlier ones stop working. */
  recoveryCodes: '/api/user-2fa/recovery-codes',
  /** POST {user_id} → 204: an owner clears a person's app, recovery codes and passkeys (audited, the person e-mailed). */
  reset: '/api/user-2fa-reset',
  /** POST → PasskeyCreationOptions; then POST /api/passkeys {name, response} → PasskeySummary. */
  passkeyOptions: '/api/passkeys/options',
  passkeys: '/api/passkeys',
  /** DELETE → 204. */
  passkey: '/api/passkeys/:id',
  /** Public: POST → the request options (a challenge, no credentials: the browser offers its passkeys); then POST /api/passkey-login {response} → LoginResponse. */
  passkeyLoginOptions: '/api/passkey-login/options',
  passkeyLogin: '/api/passkey-login',
} as const;

export const RECOVERY_CODE_COUNT = 10;

/** The secret in base32 to type in, and the otpauth:// address the QR code carries. Shown while setting up only. */
export type AuthenticatorSetup = { secret: string; uri: string };
export type RecoveryCodes = { codes: string[] };
export type PasskeySummary = { id: string; name: string; created_at: string; last_used_at: string | null };

export const ConfirmAuthenticatorSchema = v.object({
  code: v.pipe(v.string('Field is required.'), v.trim(), v.regex(/^\d{6}$/, 'Enter the 6-digit code from your app.')),
});
export const ResetTwoFactorSchema = v.object({ user_id: v.pipe(v.string('Field is required.'), v.uuid('This is not a valid user.')) });

const base64url = v.pipe(v.string('Field is required.'), v.regex(/^[A-Za-z0-9_-]*$/, 'Not a passkey answer.'), v.maxLength(16384));
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const credentialBase = {
  id: base64url,
  rawId: base64url,
  type: v.literal('public-key'),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: v.optional(v.object({})),
};

/** What @simplewebauthn/browser's startRegistration answers. */
export const PasskeyRegistrationSchema = v.object({
  name: textField({ minLength: 1, maxLength: 60 }),
  response: v.object({
    ...credentialBase,
    response: v.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: v.optional(v.array(v.picklist(TRANSPORTS))),
      publicKeyAlgorithm: v.optional(v.number()),
      publicKey: v.optional(base64url),
      authenticatorData: v.optional(base64url),
    }),
  }),
});
export type PasskeyRegistrationInput = v.InferOutput<typeof PasskeyRegistrationSchema>;

/** What @simplewebauthn/browser's startAuthentication answers (the challenge it signed is inside). */
export const PasskeySignInSchema = v.object({
  response: v.object({
    ...credentialBase,
    response: v.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: v.optional(base64url),
    }),
  }),
});
export type PasskeySignInInput = v.InferOutput<typeof PasskeySignInSchema>;

export const passkeyMessages = {
  refused: 'This passkey could not sign you in. Please try again, or sign in with your password.',
  notRegistered: 'This passkey could not be added. Please try again.',
  unknown: 'This passkey is no longer set up for Stafflane. Please sign in with your password.',
} as const;

export const authenticatorMessages = {
  wrongCode: 'That code did not match. Check the time on your phone and enter the newest code.',
  noSetup: 'Start setting up the authenticator app again.',
  reset: 'Two-factor sign-in has been reset: their authenticator app, recovery codes and passkeys no longer work.',
} as const;
