// Sign-in, refresh and sign-out: the payloads both sides share.
import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants';
import { isEmailAddress } from '../../shared/email-field';
import type { PermissionEntry } from '../../shared/scopes';
import { sessionPaths } from '../../shared/session.contract';
import { textField } from '../../shared/validators';

export const LoginInputSchema = v.object({
  email: v.pipe(
    v.string('Field is required.'),
    v.trim(),
    v.nonEmpty('Field is required.'),
    // the e-mail rules (apostrophes allowed), with the e-mail type's shared message.
    v.check(isEmailAddress, 'This is not a valid e-mail address.'),
    v.maxLength(254, 'Max length exceeded.'),
  ),
  password: v.pipe(
    v.string('Field is required.'),
    v.nonEmpty('Field is required.'),
    v.minLength(PASSWORD_MIN_LENGTH, "It's too short."),
    v.maxLength(1024, 'Max length exceeded.'),
  ),
  two_factor_secret: v.optional(v.nullable(textField({ maxLength: 20 }))),
});
export type LoginInput = v.InferOutput<typeof LoginInputSchema>;

export type LoginResponse = {
  permissions: PermissionEntry[];
  auth_token: string;
  misconfigured: boolean;
  docs_only: boolean;
  hr_client: boolean;
  hs_client: boolean;
  /** Signed in with a recovery code: how many are left; the app asks the person to set up their authenticator again. */
  recovery_codes_left?: number;
};

// The session the platform keeps (its claims, refresh and sign-out) is src/shared/session.contract.ts.
export { ONBOARDING_STATUSES, type RefreshResponse, type TokenClaims } from '../../shared/session.contract';

export const authPaths = { login: '/api/login', ...sessionPaths } as const;

// ---------------------------------------------------------------------------------------
// Sign-in outcomes (two-factor result, §8 login messages). Every refusal of
// POST /api/login is HTTP 401 with this body, except a client over a rate limit (the API's,
// or too many failed sign-ins from its address): 429 with `{code, message}` and Retry-After.
// The client shows `message`, or for `invite_not_accepted` the onboarding text below.

/** How the second factor comes: a code e-mailed, texted, or shown by an authenticator app. */
export const TWO_FACTOR_METHODS = ['mail', 'mobile', 'app'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const LOGIN_FAILURE_STATUSES = [
  'failed',
  'locked',
  'two_factor_required',
  'invalid_code',
  'invite_not_accepted',
  'company_inactive',
  'account_on_hold',
  'access_disabled',
  'passkey_required',
  // Signing in with Microsoft or Google was refused (the message says why), or the company allows no password.
  'provider_refused',
  'provider_required',
] as const;
export type LoginFailureStatus = (typeof LOGIN_FAILURE_STATUSES)[number];

export type LoginFailure = {
  status: LoginFailureStatus;
  message: string;
  /** Failed password attempts counted for this e-mail address, and the limit before a lock. */
  attempts?: number;
  max_attempts?: number;
  /** ISO date-time the lock ends, when locked. */
  lockout_date?: string | null;
  /** Two-factor step: seconds the code stays valid, how it was sent, and where (masked). */
  ttl?: number;
  method?: TwoFactorMethod;
  contact?: string;
  details?: string | null;
  isAdmin?: boolean;
};

export const SUPPORT_EMAIL = 'support@stafflane.test';

export const loginMessages = {
  failed: 'Login Failed, please check your email and password.',
  failedWithAttempts: (attempts: number, maxAttempts: number) => `Login failed, you have used ${attempts} of your ${maxAttempts} attempts`,
  /** `date` already formatted for people (dd/MM/yyyy HH:mm, Europe/London). */
  locked: (date: string) => `The user has been locked until ${date}`,
  codeSent: (method: TwoFactorMethod, contact: string) =>
    method === 'app'
      ? 'Enter the 6-digit code from your authenticator app.'
      : `We have sent a code to your ${method === 'mail' ? 'e-mail address' : 'mobile phone'} ${contact}.`,
  invalidCode: 'Invalid code, please try again.',
  inviteNotAccepted: 'Invite not accepted.',
  onboardingNotCompleted: 'Login Failed. Your onboarding process is not completed. Please contact an administrator.',
  companyInactive: `There was a problem signing you in. Your account is temporarily on hold: please contact ${SUPPORT_EMAIL}.`,
  accountOnHold: 'Your account is temporarily on hold.',
  accessDisabled: 'Your account access has been disabled. Please contact your line manager.',
  generic: 'Login failed.',
  passkeyRequired: 'This account signs in with a passkey: choose "Sign in with a passkey".',
  recoveryCodeUsed: (left: number) =>
    `You signed in with a recovery code (${left} left). Set up your authenticator app again to get new recovery codes.`,
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-ins from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  serverError: 'Unexpected error occurred.',
} as const;

// ---------------------------------------------------------------------------------------
// Passwords and two-factor settings.

const newPassword = v.pipe(
  v.string('Field is required.'),
  v.nonEmpty('Field is required.'),
  v.minLength(PASSWORD_MIN_LENGTH, "It's too short."),
  v.maxLength(1024, 'Max length exceeded.'),
);

/** POST /api/password-reset → 202 `{message}` whether or not the address has an account. */
export const PasswordResetRequestSchema = v.object({ email: LoginInputSchema.entries.email });
export const passwordResetRequestedMessage = 'If an account exists for this address, we have sent a link to reset the password.';

/** POST /api/password-reset/complete → 204; a used or expired token is 422 on `token`. */
export const PasswordResetCompleteSchema = v.object({
  token: v.pipe(v.string('Field is required.'), v.nonEmpty('Field is required.'), v.maxLength(200, 'Max length exceeded.')),
  password: newPassword,
});
export const resetLinkInvalidMessage = 'This link has expired or has already been used. Please request a new one.';

/** PUT /api/password → 200 RefreshResponse for a new session; every other session ends. Refused while impersonating. */
export const ChangePasswordSchema = v.object({
  current_password: v.pipe(v.string('Field is required.'), v.nonEmpty('Field is required.')),
  password: newPassword,
});

/** GET /api/user-2fa → the caller's setting; PUT /api/user-2fa changes it (refused while impersonating). */
export type TwoFactorSetting = {
  enabled: boolean;
  method: TwoFactorMethod;
  contact: string | null;
  required_by_company: boolean;
  /** An authenticator app confirmed and ready to be chosen. */
  authenticator: boolean;
  recovery_codes_left: number;
  passkeys: { id: string; name: string; created_at: string; last_used_at: string | null }[];
};
export const UpdateTwoFactorSchema = v.object({
  enabled: v.boolean('Field is required.'),
  method: v.picklist(TWO_FACTOR_METHODS, 'Field is required.'),
});

export const identityPaths = {
  passwordReset: '/api/password-reset',
  passwordResetComplete: '/api/password-reset/complete',
  password: '/api/password',
  twoFactor: '/api/user-2fa',
} as const;

// Added with the server side: refusals the endpoints above can give.
/** PUT /api/password: 422 on `current_password` when it does not match. */
export const currentPasswordIncorrectMessage = 'The current password is not correct.';
/** PUT /api/password and PUT /api/user-2fa: 403 with this message in an impersonated session. */
export const notWhileImpersonatingMessage = 'This cannot be changed while impersonating a user.';
/** PUT /api/user-2fa: 422 on `method` when `mobile` is chosen and the user has no mobile number. */
export const mobileNumberRequiredMessage = 'Add a mobile phone number to your profile before choosing text messages.';
/** PUT /api/user-2fa: 422 on `method` when `app` is chosen before an authenticator app is set up. */
export const authenticatorRequiredMessage = 'Set up an authenticator app before choosing it.';

// ---------------------------------------------------------------------------------------
// Onboarding: an invitation by e-mail, /confirm-email, then /welcome.

const uuid = v.pipe(v.string('Field is required.'), v.nonEmpty('Field is required.'), v.uuid('This is not a valid user.'));

/** POST /api/user-invitation → 200 InvitationResult; the user gets a new single-use link and earlier ones stop working. */
export const InviteUserSchema = v.object({ user_id: uuid });
export type InvitationResult = { user_id: string; status: 'invited'; email: string };

/** POST /api/confirm-email → 200 ConfirmEmailResponse: a session whose token's status is `invited`. */
export const ConfirmEmailSchema = v.object({
  token: v.pipe(v.string('Field is required.'), v.nonEmpty('Field is required.'), v.maxLength(200, 'Max length exceeded.')),
});
/** A login response plus the address, which the client stores as it does after a sign-in (`user-email`). */
export type ConfirmEmailResponse = LoginResponse & { email: string };

export const termsNotAcceptedMessage = 'Please accept the terms and conditions.';

/** POST /api/welcome (signed in, onboarding only) → 200 LoginResponse for a new session with status active. */
export const WelcomeSchema = v.object({
  password: newPassword,
  // A missing tick reads like an unticked one (the default), with the same message.
  accept_terms: v.pipe(
    v.optional(v.boolean(termsNotAcceptedMessage), false),
    v.check((accepted) => accepted, termsNotAcceptedMessage),
  ),
});
export type WelcomeInput = v.InferOutput<typeof WelcomeSchema>;

export const onboardingPaths = {
  invitation: '/api/user-invitation',
  confirmEmail: '/api/confirm-email',
  welcome: '/api/welcome',
} as const;

/**
 * POST /api/confirm-email-change → 200 EmailChangeConfirmed: the link e-mailed to a new
 * sign-in address; the address takes effect and every session of the person ends. The page
 * is /confirm-email?type=email-change&token=…; a bad, used or expired link is a 422 on `token`.
 */
export const ConfirmEmailChangeSchema = ConfirmEmailSchema;
export type EmailChangeConfirmed = { email: string };
export const confirmEmailChangePath = '/api/confirm-email-change';
/** The `type` of /confirm-email for a change of sign-in address (without it, an invitation). */
export const EMAIL_CHANGE_LINK_TYPE = 'email-change';
export const emailChangeLinkInvalidMessage = 'This link has expired or was already used.';
export const emailChangeAddressTakenMessage = 'This address now belongs to another account, so the change could not be made.';

/** POST /api/confirm-email: 422 on `token`, saying whether the link is unknown or used, or expired. */
export const invitationLinkInvalidMessage =
  'This invitation link is not valid or has already been used. Please ask your employer to send a new invitation.';
export const invitationLinkExpiredMessage = 'This invitation link has expired. Please ask your employer to send a new invitation.';
/** POST /api/user-invitation: 409 for a user who cannot be invited. */
export const alreadyOnboardedMessage = 'This user has already accepted their invitation and set up their account.';
export const cannotInviteMessage = 'This user cannot be invited: their account is terminated or locked.';
/** POST /api/welcome: 409 for a session whose account is already set up. */
export const onboardingDoneMessage = 'Your account is already set up.';
