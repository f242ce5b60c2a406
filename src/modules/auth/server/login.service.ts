// POST /api/login (SPEC §3, §8): lock, password, account state, two-factor, session — in
// that order, so that nothing about an account shows before its password is right and an
// unknown address is counted, locked and answered exactly like a wrong password.
import { recordAudit, type AuditEntry, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem, type Trx } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import type { LoginFailure, LoginInput, LoginResponse } from '../auth.contract';
import { accountRefusal, failedLoginFailure, lockedFailure, normaliseCode, twoFactorRequired } from '../auth.policy';
import { createSession, findAccountByEmail, findDepartmentIds, findPermissions, type Account } from './auth.queries';
import type { IdentityDeps } from './identity-deps';
import { clearLoginAttempts, getAttemptCount, recordFailedLogin } from './login-security.queries';
import { verifyPassword } from './passwords';
import { sessionResponse } from './session-response';
import { checkCode, startChallenge } from './two-factor.service';

/** Every refusal is a 401 whose body is the outcome (LoginFailure) beside the usual code and message. */
export function loginRefusal(failure: LoginFailure): AppError {
  return new AppError('unauthenticated', { message: failure.message, payload: failure });
}

type Attempt = { email: string; account: Account | undefined; source: AuditSource };

/** An entry about a sign-in for `account`: filed under its company, so the company can see attempts on its people. */
function loginEntry(attempt: Attempt, action: string, details: Record<string, unknown>): AuditEntry {
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

export async function login(options: { deps: IdentityDeps; input: LoginInput; source: AuditSource }): Promise<LoginResponse> {
  const { deps, input, source } = options;
  const { maxAttempts, lockMinutes } = deps.config.login;
  const email = input.email.toLowerCase();
  const { account, count } = await withSystem(deps.db, async (trx) => ({
    account: await findAccountByEmail(trx, email),
    count: await getAttemptCount(trx, email),
  }));
  const attempt: Attempt = { email, account, source };

  // A locked address is answered before the password is looked at, known or not.
  if (count.lockedUntil) {
    await withSystem(deps.db, (trx) => recordAudit(trx, loginEntry(attempt, 'login.failed', { reason: 'locked' })));
    throw loginRefusal(lockedFailure({ failedCount: count.failedCount, lockedUntil: count.lockedUntil }, maxAttempts));
  }

  // Without an account the password is checked against a dummy hash: the same work, the same time.
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? null);
  if (!account || !passwordOk) {
    const counted = await withSystem(deps.db, async (trx) => {
      const next = await recordFailedLogin(trx, { email, maxAttempts, lockMinutes });
      await recordAudit(trx, loginEntry(attempt, 'login.failed', { reason: account ? 'wrong_password' : 'unknown_account' }));
      return next;
    });
    throw loginRefusal(failedLoginFailure(counted, maxAttempts));
  }

  const refused = accountRefusal({ userStatus: account.status, companyId: account.company_id, companyStatus: account.company_status });
  if (refused) {
    await withSystem(deps.db, (trx) => recordAudit(trx, loginEntry(attempt, 'login.refused', { reason: refused.status })));
    throw loginRefusal(refused);
  }

  const withTwoFactor = twoFactorRequired({ userEnabled: account.two_factor_enabled, companyRequires: account.require_two_factor });
  if (withTwoFactor) {
    const code = normaliseCode(input.two_factor_secret);
    if (code === null) throw loginRefusal(await startChallenge({ deps, account, source }));
    const failure = await checkCode({ deps, account, email, code, source });
    if (failure) throw loginRefusal(failure);
  }

  const { sessionId, departmentIds, permissions } = await withSystem(deps.db, (trx) =>
    openSession(trx, { deps, attempt: { ...attempt, account }, twoFactor: withTwoFactor }),
  );
  return sessionResponse({ deps, account, sessionId, departmentIds, permissions, imp: false });
}

async function openSession(trx: Trx, options: { deps: IdentityDeps; attempt: Attempt & { account: Account }; twoFactor: boolean }) {
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
    ...loginEntry(options.attempt, 'login.succeeded', { two_factor: options.twoFactor }),
    actorId: account.id,
  });
  return { sessionId, departmentIds, permissions };
}
