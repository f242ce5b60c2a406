// The rules of signing in: which outcome a login gets, how
// a lock and a two-factor step read, how destinations are masked. Pure: the server counts,
// stores and sends; this decides what that means.
import { loginMessages, type LoginFailure, type TwoFactorMethod } from './auth.contract';
import { formatLondonDateTime } from '../../shared/formats';
import { scopeAllows, ScopeEvaluationError, type Scope, type ScopeActor } from '../../shared/scopes';

export const TWO_FACTOR_CODE_TTL_SECONDS = 5 * 60;
export const TWO_FACTOR_MAX_GUESSES = 5;
export const TWO_FACTOR_CODE_DIGITS = 6;
/** How long the authenticator app's step stays open for its code (no countdown is shown: the app's code changes by itself). */
export const AUTHENTICATOR_STEP_SECONDS = 10 * 60;
export const PASSWORD_RESET_LINK_SECONDS = 60 * 60;
/** Reset e-mails one account is sent at most within PASSWORD_RESET_MAIL_WINDOW_SECONDS; further requests send nothing. */
export const PASSWORD_RESET_MAILS_PER_WINDOW = 3;
export const PASSWORD_RESET_MAIL_WINDOW_SECONDS = 60 * 60;
/** An invitation link works once, for a week. */
export const INVITATION_LINK_SECONDS = 7 * 24 * 60 * 60;
/** A link confirming a new sign-in e-mail works once, for a day. */
export const EMAIL_CHANGE_LINK_SECONDS = 24 * 60 * 60;

/** Failed attempts counted for one e-mail address; `lockedUntil` only while a lock lasts. */
export type AttemptCount = { failedCount: number; lockedUntil: Date | null };

/** dd/MM/yyyy HH:mm in Europe/London, whatever the server's own time zone. */
export function formatLockDate(date: Date): string {
  return formatLondonDateTime(date);
}

export function lockedFailure(count: { failedCount: number; lockedUntil: Date }, maxAttempts: number): LoginFailure {
  return {
    status: 'locked',
    message: loginMessages.locked(formatLockDate(count.lockedUntil)),
    attempts: count.failedCount,
    max_attempts: maxAttempts,
    lockout_date: count.lockedUntil.toISOString(),
    details: null,
  };
}

/**
 * The answer to a wrong password or an unknown address, once counted: the same body for
 * both. The first failure reads as a plain failure (most are a typo); from the second the
 * message counts the attempts, so the user sees a lock coming.
 */
export function failedLoginFailure(count: AttemptCount, maxAttempts: number): LoginFailure {
  if (count.lockedUntil) return lockedFailure({ failedCount: count.failedCount, lockedUntil: count.lockedUntil }, maxAttempts);
  return {
    status: 'failed',
    message: count.failedCount > 1 ? loginMessages.failedWithAttempts(count.failedCount, maxAttempts) : loginMessages.failed,
    attempts: count.failedCount,
    max_attempts: maxAttempts,
    lockout_date: null,
    details: null,
  };
}

/** A person's own access, beside their onboarding status (migration 0031). */
export type PersonAccess = 'active' | 'on_hold' | 'disabled';

export type AccountState = { userStatus: string; companyId: string | null; companyStatus: string | null; access?: PersonAccess };

/**
 * Why an account whose password was right may still not sign in, or null when it may.
 * Asked only after the password matched, so these states are never shown to a guesser.
 * A terminated or locked user learns nothing more than a generic failure. A company on hold
 * or disabled refuses all its people with the same words (their account is temporarily on
 * hold, contact the support address); a person's own access on hold or disabled refuses them
 * alone. Sign-in and the token refresh both ask.
 */
export function accountRefusal(account: AccountState): LoginFailure | null {
  if (account.userStatus === 'terminated' || account.userStatus === 'locked') {
    return { status: 'failed', message: loginMessages.generic, details: null };
  }
  if (account.companyId !== null) {
    if (account.companyStatus === 'on_hold' || account.companyStatus === 'disabled') {
      return { status: 'company_inactive', message: loginMessages.companyInactive, details: null };
    }
    if (account.companyStatus !== 'active') return { status: 'failed', message: loginMessages.generic, details: null };
  }
  if (account.access === 'on_hold') return { status: 'account_on_hold', message: loginMessages.accountOnHold, details: null };
  if (account.access === 'disabled') return { status: 'access_disabled', message: loginMessages.accessDisabled, details: null };
  if (account.userStatus === 'invited' || account.userStatus === 'pending') {
    return { status: 'invite_not_accepted', message: loginMessages.inviteNotAccepted, details: null };
  }
  if (account.userStatus !== 'active') return { status: 'failed', message: loginMessages.generic, details: null };
  return null;
}

export function twoFactorRequired(options: { userEnabled: boolean; companyRequires: boolean }): boolean {
  return options.userEnabled || options.companyRequires;
}

/** o***@demo.test: the first character of the local part, then the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** ******7890: every digit but the last four hidden. */
export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

export type TwoFactorDelivery = { method: TwoFactorMethod; destination: string; contact: string };

/**
 * Where a code goes: the mobile when the user chose it and has a number; otherwise the
 * e-mail address, which every account has (a company can require two-factor of users who
 * never chose a method).
 */
export function twoFactorDelivery(user: { method: TwoFactorMethod; email: string; mobile: string | null }): TwoFactorDelivery {
  const mobile = user.mobile?.trim();
  if (user.method === 'mobile' && mobile) return { method: 'mobile', destination: mobile, contact: maskMobile(mobile) };
  return { method: 'mail', destination: user.email, contact: maskEmail(user.email) };
}

/** The body of the two-factor step, with every field two-factor result. */
export function twoFactorRequiredFailure(options: { delivery: TwoFactorDelivery; ttlSeconds: number; isAdmin: boolean }): LoginFailure {
  return {
    status: 'two_factor_required',
    message: loginMessages.codeSent(options.delivery.method, options.delivery.contact),
    ttl: options.ttlSeconds,
    method: options.delivery.method,
    contact: options.delivery.contact,
    attempts: 0,
    max_attempts: TWO_FACTOR_MAX_GUESSES,
    lockout_date: null,
    details: null,
    isAdmin: options.isAdmin,
  };
}

/** A wrong, expired, used-up or unknown code: one answer, so the client starts over from the password. */
export function invalidCodeFailure(guesses: number): LoginFailure {
  return {
    status: 'invalid_code',
    message: loginMessages.invalidCode,
    attempts: Math.min(guesses, TWO_FACTOR_MAX_GUESSES),
    max_attempts: TWO_FACTOR_MAX_GUESSES,
    lockout_date: null,
    details: null,
  };
}

export type ChallengeView = { expired: boolean; used: boolean; guesses: number };
export type ChallengeState = 'open' | 'missing' | 'used' | 'expired' | 'exhausted';

export function challengeState(challenge: ChallengeView | undefined): ChallengeState {
  if (!challenge) return 'missing';
  if (challenge.used) return 'used';
  if (challenge.expired) return 'expired';
  if (challenge.guesses >= TWO_FACTOR_MAX_GUESSES) return 'exhausted';
  return 'open';
}

/** The code as typed, without spaces; null when none was given (the password step). */
export function normaliseCode(code: string | null | undefined): string | null {
  const compact = code?.replace(/\s+/g, '') ?? '';
  return compact === '' ? null : compact;
}

/** Two-factor by text message needs a number to send it to; by authenticator app, a confirmed app. */
export function canUseTwoFactorMethod(method: TwoFactorMethod, mobile: string | null, hasAuthenticator = false): boolean {
  if (method === 'app') return hasAuthenticator;
  return method === 'mail' || Boolean(mobile?.trim());
}

/**
 * How a person proves the second factor at a password sign-in: their authenticator app when
 * they chose it, or — for administrators — as soon as they have one; an administrator with
 * passkeys but no app is sent to "Sign in with a passkey"; everyone else gets a code sent.
 */
export function secondFactorOf(account: {
  method: TwoFactorMethod;
  hasAuthenticator: boolean;
  hasPasskey: boolean;
  administrator: boolean;
}): 'app' | 'passkey' | 'code' {
  if (account.hasAuthenticator && (account.method === 'app' || account.administrator)) return 'app';
  if (account.administrator && account.hasPasskey) return 'passkey';
  return 'code';
}

/** An administrator with a passkey and no authenticator app: the password alone never signs them in. */
export function passkeyRequiredFailure(): LoginFailure {
  return { status: 'passkey_required', message: loginMessages.passkeyRequired, details: null };
}

/** A company's user as scope rules see them: their company and every department they belong to. */
export type ScopedUser = { id: string; companyId: string | null; departmentIds: readonly string[] };

/**
 * Whether `scope` lets `actor` act on `user` (record evaluation): for department scope
 * any of the user's departments will do. Where SPEC's rules raise an error (an actor or a user
 * without a department), the answer is no rather than a failure.
 */
export function scopeAllowsUser(scope: Scope, actor: ScopeActor, user: ScopedUser): boolean {
  const departments = user.departmentIds.length ? user.departmentIds : [null];
  try {
    return departments.some((departmentId) => scopeAllows(scope, actor, { userId: user.id, companyId: user.companyId, departmentId }));
  } catch (error) {
    if (error instanceof ScopeEvaluationError) return false;
    throw error;
  }
}
