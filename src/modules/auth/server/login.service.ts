// POST /api/login: client limit, lock, password, account state, two-factor,
// session — in that order, so that nothing about an account shows before its password is
// right and an unknown address is counted, locked and answered exactly like a wrong password.
import { isIPv4, isIPv6 } from 'node:net';
import { recordAudit, type AuditEntry, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem, type Trx } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { loginMessages, type LoginFailure, type LoginInput, type LoginResponse } from '../auth.contract';
import {
  accountRefusal,
  failedLoginFailure,
  lockedFailure,
  normaliseCode,
  passkeyRequiredFailure,
  secondFactorOf,
  twoFactorRequired,
} from '../auth.policy';
import { signInProviderMessages } from '../company-sign-in.contract';
import { createSession, findAccountByEmail, findDepartmentIds, findPermissions, type Account } from './auth.queries';
import type { IdentityDeps } from './identity-deps';
import { claimLoginAttempt, clearLoginAttempts, findLoginLock, releaseLoginAttempt, settleFailedLogin } from './login-security.queries';
import { claimClientAttempt, releaseClientAttempt } from './login-throttle.queries';
import { verifyPassword } from './passwords';
import { sessionResponse } from './session-response';
import { checkCode, startAppChallenge, startChallenge } from './two-factor.service';

/** Every refusal is a 401 whose body is the outcome (LoginFailure) beside the usual code and message. */
export function loginRefusal(failure: LoginFailure): AppError {
  return new AppError('unauthenticated', { message: failure.message, payload: failure });
}

/**
 * The refusal of a network over its sign-in limit: the seconds until its window ends are told to
 * `retryAfter` (the Retry-After header), and the message says the minutes.
 */
export function networkLimited(resetsAt: Date, retryAfter?: (seconds: number) => void): AppError {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - Date.now()) / 1000));
  retryAfter?.(seconds);
  return new AppError('rateLimited', { message: loginMessages.tooManyAttempts(Math.ceil(seconds / 60)) });
}

/**
 * Why a person proven by a passkey or by their company's provider still may not sign in: their
 * address is locked (by failed passwords), or they or their company are not active — as a
 * password's sign-in asks after the password matched. Null when they may.
 */
export async function lockOrAccountRefusal(trx: Trx, account: Account, maxAttempts: number): Promise<LoginFailure | null> {
  const lock = await findLoginLock(trx, account.email);
  if (lock?.lockedUntil) return lockedFailure({ failedCount: lock.failedCount, lockedUntil: lock.lockedUntil }, maxAttempts);
  return accountRefusal({
    userStatus: account.status,
    companyId: account.company_id,
    companyStatus: account.company_status,
    access: account.access,
  });
}

/**
 * Whose window a sign-in counts in: the IPv4 address, or the /64 network of an IPv6 one
 * (one subscriber is usually handed a whole /64, so single addresses would be free to rotate).
 */
export function clientKey(ip: string | null): string {
  const address = (ip ?? '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return 'unknown';
  const [head = '', tail] = address.toLowerCase().split('::');
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export type Attempt = { email: string; account: Account | undefined; source: AuditSource };

/** An entry about a sign-in for `account`: filed under its company, so the company can see attempts on its people. */
export function loginEntry(attempt: Attempt, action: string, details: Record<string, unknown>): AuditEntry {
  const { account } = attempt;
  return {
    ...attempt.source,
    actorId: null,
    companyId: account?.company_id ?? null,
    action,
    targetType: account ? 'user' : null,
    targetId: account?.id ?? null,
    details: { email: attempt.email, ...details },
  };
}

export async function login(options: {
  deps: IdentityDeps;
  input: LoginInput;
  source: AuditSource;
  /** Told how many seconds a client over the sign-in limit should wait (the Retry-After header). */
  retryAfter?: (seconds: number) => void;
}): Promise<LoginResponse> {
  const { deps, input, source } = options;
  const { maxAttempts, lockMinutes, clientMaxAttempts, clientWindowMinutes } = deps.config.login;
  const email = input.email.toLowerCase();
  const client = clientKey(source.ip);

  // Both limits are claimed before the password is looked at, each in one statement, so
  // parallel requests cannot check more passwords between them than the limits allow.
  const { account, clientClaim, claim } = await withSystem(deps.db, async (trx) => {
    const found = await findAccountByEmail(trx, email);
    const byClient = await claimClientAttempt(trx, { client, maxAttempts: clientMaxAttempts, windowMinutes: clientWindowMinutes });
    const byAddress = byClient.refused ? null : await claimLoginAttempt(trx, { email, maxAttempts, lockMinutes });
    const reason = byClient.refused ? 'too_many_attempts' : byAddress?.refused ? 'locked' : null;
    if (reason) await recordAudit(trx, loginEntry({ email, account: found, source }, 'login.failed', { reason }));
    return { account: found, clientClaim: byClient, claim: byAddress };
  });
  const attempt: Attempt = { email, account, source };

  if (!claim) {
    throw networkLimited(clientClaim.resetsAt, options.retryAfter);
  }
  // A locked address is answered before the password is looked at, known or not.
  if (claim.lockedUntil) throw loginRefusal(lockedFailure({ failedCount: claim.failedCount, lockedUntil: claim.lockedUntil }, maxAttempts));

  // Without an account the password is checked against a dummy hash: the same work, the same time.
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? null);
  if (!account || !passwordOk) {
    const counted = await withSystem(deps.db, async (trx) => {
      const next = await settleFailedLogin(trx, { email, claim: claim.failedCount, maxAttempts, lockMinutes });
      await recordAudit(trx, loginEntry(attempt, 'login.failed', { reason: account ? 'wrong_password' : 'unknown_account' }));
      return next;
    });
    throw loginRefusal(failedLoginFailure(counted, maxAttempts));
  }
  // The right password is no failed attempt, whatever comes next.
  await withSystem(deps.db, async (trx) => {
    await releaseClientAttempt(trx, client);
    await releaseLoginAttempt(trx, email);
  });

  const refused = accountRefusal({
    userStatus: account.status,
    companyId: account.company_id,
    companyStatus: account.company_status,
    access: account.access,
  });
  if (refused) {
    await withSystem(deps.db, (trx) => recordAudit(trx, loginEntry(attempt, 'login.refused', { reason: refused.status })));
    throw loginRefusal(refused);
  }
  // A company that signs in with Microsoft or Google only: the right password is still no way in.
  if (account.provider_only) {
    await withSystem(deps.db, (trx) => recordAudit(trx, loginEntry(attempt, 'login.refused', { reason: 'provider_only' })));
    throw loginRefusal({ status: 'provider_required', message: signInProviderMessages.passwordsOff(account.provider_only), details: null });
  }

  // Administrators reach every company's platform data: a second factor at every sign-in,
  // whatever their own setting — their authenticator app or passkey once they have one.
  const administrator = account.company_id === null && deps.config.login.administratorTwoFactor;
  const withTwoFactor = twoFactorRequired({
    userEnabled: account.two_factor_enabled || administrator,
    companyRequires: account.require_two_factor,
  });
  let recoveryCodesLeft: number | undefined;
  if (withTwoFactor) {
    const factor = secondFactorOf({
      method: account.two_factor_method,
      hasAuthenticator: account.has_authenticator,
      hasPasskey: account.has_passkey,
      administrator,
    });
    if (factor === 'passkey') {
      await withSystem(deps.db, (trx) => recordAudit(trx, loginEntry(attempt, 'login.refused', { reason: 'passkey_required' })));
      throw loginRefusal(passkeyRequiredFailure());
    }
    const code = normaliseCode(input.two_factor_secret);
    if (code === null) {
      throw loginRefusal(
        factor === 'app' ? await startAppChallenge({ deps, account, source }) : await startChallenge({ deps, account, source }),
      );
    }
    const checked = await checkCode({ deps, account, email, code, source });
    if ('failure' in checked) throw loginRefusal(checked.failure);
    if (checked.used.kind === 'recovery') recoveryCodesLeft = checked.used.left;
  }

  const { sessionId, departmentIds, permissions } = await withSystem(deps.db, (trx) =>
    openSession(trx, {
      deps,
      attempt: { ...attempt, account },
      twoFactor: withTwoFactor,
      ...(recoveryCodesLeft !== undefined ? { details: { recovery_code: true } } : {}),
    }),
  );
  const response = await sessionResponse({ deps, account, sessionId, departmentIds, permissions, imp: false });
  return recoveryCodesLeft === undefined ? response : { ...response, recovery_codes_left: recoveryCodesLeft };
}

/** Opens a session for an account whose sign-in succeeded (a password, or a passkey): the attempts are cleared and the success audited. */
export async function openSession(
  trx: Trx,
  options: { deps: IdentityDeps; attempt: Attempt & { account: Account }; twoFactor: boolean; details?: Record<string, unknown> },
) {
  const { account } = options.attempt;
  await clearLoginAttempts(trx, options.attempt.email);
  const departmentIds = await findDepartmentIds(trx, account);
  const permissions = await findPermissions(trx, account.role_id);
  const sessionId = await createSession(trx, {
    userId: account.id,
    companyId: account.company_id,
    maxSeconds: options.deps.config.sessions.maxSeconds,
  });
  await recordAudit(trx, {
    ...loginEntry(options.attempt, 'login.succeeded', { two_factor: options.twoFactor, ...options.details }),
    actorId: account.id,
  });
  return { sessionId, departmentIds, permissions };
}

/** How a sign-in without a password (a passkey, the company's provider) ended, settled in its transaction. */
export type SignInOutcome<TRefused extends object = object> =
  | { kind: 'limited'; resetsAt: Date }
  | ({ kind: 'refused' } & TRefused)
  | { kind: 'account_refused'; refusal: LoginFailure }
  | { kind: 'signed_in'; account: Account; session: Awaited<ReturnType<typeof openSession>> };

/** The answer to such a sign-in: the session with the address (the app keeps it as after a password sign-in, and none was typed), or why not. */
export async function answerSignIn<TRefused extends object>(
  deps: IdentityDeps,
  outcome: SignInOutcome<TRefused>,
  options: { retryAfter?: ((seconds: number) => void) | undefined; refused: (outcome: { kind: 'refused' } & TRefused) => AppError },
): Promise<LoginResponse & { email: string }> {
  switch (outcome.kind) {
    case 'limited':
      throw networkLimited(outcome.resetsAt, options.retryAfter);
    case 'refused':
      throw options.refused(outcome);
    case 'account_refused':
      throw loginRefusal(outcome.refusal);
    case 'signed_in':
      return {
        ...(await sessionResponse({ deps, account: outcome.account, imp: false, ...outcome.session })),
        email: outcome.account.email,
      };
  }
}
