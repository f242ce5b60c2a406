// A signed-in user's own password and two-factor setting. Neither can be changed from an
// impersonated session: an administrator acting as someone must not lock them out.
import { recordAudit } from '../../../server/audit/audit.queries';
import { AppError } from '../../../shared/app-error';
import {
  authenticatorRequiredMessage,
  currentPasswordIncorrectMessage,
  mobileNumberRequiredMessage,
  type RefreshResponse,
  type TwoFactorSetting,
  type TwoFactorMethod,
} from '../auth.contract';
import { canUseTwoFactorMethod, twoFactorDelivery } from '../auth.policy';
import { auditAs, credentialsOf, inSessionScope, refuseWhileImpersonating, type Caller } from './account-caller';
import { updatePasswordHash, updateTwoFactorSetting, type Credentials } from './account-settings.queries';
import { createSession, findTokenAccount, revokeUserSessions } from './auth.queries';
import { signingKeys } from './authenticator';
import { countUnusedRecoveryCodes } from './authenticator-apps.queries';
import { endLinkTokens } from './link-tokens.queries';
import { listPasskeys } from './passkeys.queries';
import { hashPassword, verifyPassword } from './passwords';
import { claimsFor, signAccessToken } from './tokens';

export { refuseWhileImpersonating };

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

function settingOf(credentials: Credentials, extra: Pick<TwoFactorSetting, 'recovery_codes_left' | 'passkeys'>): TwoFactorSetting {
  const method = credentials.two_factor_method;
  const hasContact = method !== 'app' && canUseTwoFactorMethod(method, credentials.mobile);
  return {
    enabled: credentials.two_factor_enabled,
    method,
    contact: hasContact ? twoFactorDelivery({ method, email: credentials.email, mobile: credentials.mobile }).contact : null,
    required_by_company: credentials.require_two_factor,
    authenticator: credentials.has_authenticator,
    ...extra,
  };
}

function extrasOf(caller: Caller) {
  return inSessionScope(caller, async (trx) => ({
    recovery_codes_left: await countUnusedRecoveryCodes(trx, caller.session.userId),
    passkeys: await listPasskeys(trx, caller.session.userId),
  }));
}

/** GET /api/user-2fa: the caller's own setting, with the destination masked as the sign-in step shows it, their app and passkeys. */
export async function getTwoFactorSetting(caller: Caller): Promise<TwoFactorSetting> {
  return settingOf(await credentialsOf(caller), await extrasOf(caller));
}

/** PUT /api/user-2fa: text messages need a mobile number on the profile, the app a confirmed app. */
export async function changeTwoFactorSetting(caller: Caller & { enabled: boolean; method: TwoFactorMethod }): Promise<TwoFactorSetting> {
  refuseWhileImpersonating(caller.session);
  const credentials = await credentialsOf(caller);
  if (caller.method === 'app' && !credentials.has_authenticator) throw AppError.validation({ method: [authenticatorRequiredMessage] });
  if (!canUseTwoFactorMethod(caller.method, credentials.mobile, credentials.has_authenticator))
    throw AppError.validation({ method: [mobileNumberRequiredMessage] });
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
  return settingOf({ ...credentials, two_factor_enabled: caller.enabled, two_factor_method: caller.method }, await extrasOf(caller));
}
