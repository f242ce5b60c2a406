// A signed-in user's own password and two-factor setting. Neither can be changed from an
// impersonated session: an administrator acting as someone must not lock them out.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import type { Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  currentPasswordIncorrectMessage,
  mobileNumberRequiredMessage,
  notWhileImpersonatingMessage,
  type RefreshResponse,
  type TwoFactorSetting,
  type TwoFactorMethod,
} from '../auth.contract';
import { canUseTwoFactorMethod, twoFactorDelivery } from '../auth.policy';
import { findCredentials, updatePasswordHash, updateTwoFactorSetting, type Credentials } from './account-settings.queries';
import { createSession, findTokenAccount, revokeUserSessions } from './auth.queries';
import { inTokenScope, signingKeys } from './authenticator';
import type { IdentityDeps } from './identity-deps';
import { endLinkTokens } from './link-tokens.queries';
import { hashPassword, verifyPassword } from './passwords';
import { claimsFor, signAccessToken } from './tokens';

type Caller = { deps: IdentityDeps; session: Session; source: AuditSource };

function inSessionScope<T>(caller: Caller, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return inTokenScope(caller.deps, { company_id: caller.session.companyId }, fn);
}

/** Checked before the body is read too, so an impersonated session learns nothing from validation. */
export function refuseWhileImpersonating(session: Session): void {
  if (session.impersonatorId) throw AppError.forbidden(notWhileImpersonatingMessage);
}

function auditAs(caller: Caller, action: string, details: Record<string, unknown> | null = null) {
  const { session, source } = caller;
  return {
    ...source,
    actorId: session.userId,
    impersonatorId: session.impersonatorId,
    companyId: session.companyId,
    action,
    targetType: 'user',
    targetId: session.userId,
    details,
  };
}

async function credentialsOf(caller: Caller): Promise<Credentials> {
  const credentials = await inSessionScope(caller, (trx) => findCredentials(trx, caller.session.userId));
  if (!credentials) throw new AppError('unauthenticated');
  return credentials;
}

/**
 * PUT /api/password: every session of the user ends (this one too) and a new one starts,
 * whose token goes back to the caller; outstanding reset links stop working.
 */
export async function changePassword(caller: Caller & { currentPassword: string; password: string }): Promise<RefreshResponse> {
  const { deps, session } = caller;
  refuseWhileImpersonating(session);
  const credentials = await credentialsOf(caller);
  if (!(await verifyPassword(caller.currentPassword, credentials.password_hash))) {
    await inSessionScope(caller, (trx) => recordAudit(trx, auditAs(caller, 'password.change_refused')));
    throw AppError.validation({ current_password: [currentPasswordIncorrectMessage] });
  }
  const passwordHash = await hashPassword(caller.password);
  const { sessionId, account } = await inSessionScope(caller, async (trx) => {
    await updatePasswordHash(trx, { userId: session.userId, passwordHash });
    const revoked = await revokeUserSessions(trx, session.userId);
    await endLinkTokens(trx, 'password_reset_tokens', session.userId);
    const id = await createSession(trx, {
      userId: session.userId,
      companyId: session.companyId,
      maxSeconds: deps.config.sessions.maxSeconds,
    });
    await recordAudit(trx, auditAs(caller, 'password.changed', { sessions_revoked: revoked }));
    return { sessionId: id, account: await findTokenAccount(trx, session.userId) };
  });
  if (!account) throw new AppError('unauthenticated');
  const claims = claimsFor({ account, departmentIds: session.departmentIds, sessionId, imp: false });
  return {
    auth_token: await signAccessToken(await signingKeys(deps), claims, deps.config.sessions.accessTokenSeconds),
    permissions: session.permissions,
  };
}

function settingOf(credentials: Credentials): TwoFactorSetting {
  const method = credentials.two_factor_method;
  const hasContact = canUseTwoFactorMethod(method, credentials.mobile);
  return {
    enabled: credentials.two_factor_enabled,
    method,
    contact: hasContact ? twoFactorDelivery({ method, email: credentials.email, mobile: credentials.mobile }).contact : null,
    required_by_company: credentials.require_two_factor,
  };
}

/** GET /api/user-2fa: the caller's own setting, with the destination masked as the sign-in step shows it. */
export async function getTwoFactorSetting(caller: Caller): Promise<TwoFactorSetting> {
  return settingOf(await credentialsOf(caller));
}

/** PUT /api/user-2fa: text messages need a mobile number on the profile. */
export async function changeTwoFactorSetting(caller: Caller & { enabled: boolean; method: TwoFactorMethod }): Promise<TwoFactorSetting> {
  refuseWhileImpersonating(caller.session);
  const credentials = await credentialsOf(caller);
  if (!canUseTwoFactorMethod(caller.method, credentials.mobile)) throw AppError.validation({ method: [mobileNumberRequiredMessage] });
  await inSessionScope(caller, async (trx) => {
    await updateTwoFactorSetting(trx, { userId: caller.session.userId, enabled: caller.enabled, method: caller.method });
    await recordAudit(
      trx,
      auditAs(caller, 'two_factor.updated', {
        from: { enabled: credentials.two_factor_enabled, method: credentials.two_factor_method },
        to: { enabled: caller.enabled, method: caller.method },
      }),
    );
  });
  return settingOf({ ...credentials, two_factor_enabled: caller.enabled, two_factor_method: caller.method });
}
