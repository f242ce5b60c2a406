// What a refused sign-in means for the form: the two-factor step, a wrong code, or
// a message — with a link to reset the password when attempts are being counted or the
// account is locked. The words are the contract's (loginMessages); a body that is not a
// LoginFailure is read: JSON is shown as sent, anything else is a server error.
import { isApiError } from '../../../client/api/api-client';
import type { FieldErrors } from '../../../shared/app-error';
import { formatLondonDateTime } from '../../../shared/formats';
import { LOGIN_FAILURE_STATUSES, loginMessages, type LoginFailure, type TwoFactorMethod } from '../auth.contract';

export const OFFLINE_SIGN_IN = 'You are offline. Please connect to the internet to sign in.';
/** what a form says when the server refuses its fields. */
export const CHECK_DETAILS = 'Please check provided details.';
export const TOO_MANY_REQUESTS = 'Too many attempts. Please wait a minute and try again.';
const DEFAULT_CODE_TTL_SECONDS = 300;

export type LoginProblem = { message: string; resetLink: boolean };

export type LoginOutcome =
  | { kind: 'two_factor'; ttl: number; method: TwoFactorMethod; contact: string }
  | { kind: 'invalid_code'; problem: LoginProblem }
  | { kind: 'problem'; problem: LoginProblem; fieldErrors?: FieldErrors };

const problem = (message: string, resetLink = false): LoginOutcome => ({ kind: 'problem', problem: { message, resetLink } });

function asLoginFailure(body: unknown): LoginFailure | null {
  const status = (body as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'string' && (LOGIN_FAILURE_STATUSES as readonly string[]).includes(status) ? (body as LoginFailure) : null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** dd/MM/yyyy HH:mm in UK time, for a lock date the server sent without a message. */
export function formatLockDate(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? formatLondonDateTime(date) : 'later';
}

export function interpretLoginError(error: unknown): LoginOutcome {
  // No answer at all: signing in is the one thing the app cannot do offline.
  if (!isApiError(error)) return problem(navigator.onLine ? loginMessages.serverError : OFFLINE_SIGN_IN);
  const failure = asLoginFailure(error.body);
  if (!failure) {
    if (error.status === 422 && error.fieldErrors)
      return { kind: 'problem', problem: { message: CHECK_DETAILS, resetLink: false }, fieldErrors: error.fieldErrors };
    if (error.status === 429) return problem(text((error.body as { message?: unknown } | undefined)?.message) ?? TOO_MANY_REQUESTS);
    // a body that is not JSON means `{status: 'failed', message: 'server error'}`.
    if (error.body === undefined || error.status >= 500) return problem(loginMessages.serverError);
    const message = text((error.body as { message?: unknown }).message);
    if (message === loginMessages.inviteNotAccepted) return problem(loginMessages.onboardingNotCompleted);
    return problem(message ?? loginMessages.generic);
  }
  switch (failure.status) {
    case 'two_factor_required':
      return {
        kind: 'two_factor',
        ttl: typeof failure.ttl === 'number' && failure.ttl > 0 ? failure.ttl : DEFAULT_CODE_TTL_SECONDS,
        method: failure.method === 'mobile' || failure.method === 'app' ? failure.method : 'mail',
        contact: failure.contact ?? '',
      };
    case 'invalid_code':
      return { kind: 'invalid_code', problem: { message: loginMessages.invalidCode, resetLink: false } };
    case 'failed':
      if (typeof failure.attempts === 'number' && typeof failure.max_attempts === 'number')
        return problem(loginMessages.failedWithAttempts(failure.attempts, failure.max_attempts), true);
      return problem(loginMessages.failed);
    case 'locked':
      return problem(text(failure.message) ?? loginMessages.locked(formatLockDate(failure.lockout_date)), true);
    case 'invite_not_accepted':
      return problem(loginMessages.onboardingNotCompleted);
    case 'company_inactive':
      return problem(loginMessages.companyInactive);
    case 'account_on_hold':
      return problem(loginMessages.accountOnHold);
    case 'access_disabled':
      return problem(loginMessages.accessDisabled);
    default:
      return problem(text(failure.message) ?? loginMessages.generic);
  }
}
