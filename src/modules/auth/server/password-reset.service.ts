// Forgotten passwords: a single-use link by e-mail, valid for an hour; using it sets the
// password, lifts any sign-in lock on the address and ends every session of the user.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import { withSystem } from '../../../server/db/database';
import { generateLinkToken, hashLinkToken } from '../../../server/http/link-tokens';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { AppError } from '../../../shared/app-error';
import { resetLinkInvalidMessage } from '../auth.contract';
import { PASSWORD_RESET_LINK_SECONDS, PASSWORD_RESET_MAIL_WINDOW_SECONDS, PASSWORD_RESET_MAILS_PER_WINDOW } from '../auth.policy';
import { revokeUserSessions, findAccountByEmail } from './auth.queries';
import { updatePasswordHash } from './account-settings.queries';
import type { IdentityDeps } from './identity-deps';
import { consumeLinkToken, createLinkToken, endLinkTokens } from './link-tokens.queries';
import { clearLoginAttempts } from './login-security.queries';
import { lockAndCountRecentResets } from './login-throttle.queries';
import { hashPassword } from './passwords';

export const PASSWORD_RESET_SUBJECT = 'Reset your Stafflane password';

export function resetLink(deps: Pick<IdentityDeps, 'config'>, token: string): string {
  const origin = deps.config.publicOrigin ?? `http://localhost:${deps.config.port}`;
  const url = new URL('/reset-password', origin);
  url.searchParams.set('token', token);
  return url.toString();
}

function resetText(link: string): string {
  return [
    'Someone asked to reset the password of your Stafflane account.',
    '',
    `To choose a new password, open this link within the next hour (it works once):`,
    link,
    '',
    'If you did not ask, you can ignore this e-mail: your password stays as it is.',
  ].join('\n');
}

/**
 * Sends a link when the address belongs to an active account that has not been sent the
 * most links an hour allows. The caller answers the same either way, so the answer tells
 * nobody whether an account exists or how often it was asked for.
 */
export async function requestPasswordReset(options: { deps: IdentityDeps; email: string; source: AuditSource }): Promise<void> {
  const { deps, source } = options;
  const email = options.email.toLowerCase();
  const { token, tokenHash } = generateLinkToken();
  const sent = await withSystem(deps.db, async (trx) => {
    const account = await findAccountByEmail(trx, email);
    const active = account?.status === 'active';
    const recent =
      account && active
        ? await lockAndCountRecentResets(trx, { userId: account.id, windowSeconds: PASSWORD_RESET_MAIL_WINDOW_SECONDS })
        : 0;
    const eligible = active && recent < PASSWORD_RESET_MAILS_PER_WINDOW;
    if (account && eligible) {
      await createLinkToken(trx, 'password_reset_tokens', { userId: account.id, tokenHash, ttlSeconds: PASSWORD_RESET_LINK_SECONDS });
      await enqueueEmail(trx, {
        template: 'password_reset',
        to: account.email,
        subject: PASSWORD_RESET_SUBJECT,
        text: resetText(resetLink(deps, token)),
        companyId: account.company_id,
      });
    }
    await recordAudit(trx, {
      ...source,
      actorId: null,
      companyId: account?.company_id ?? null,
      action: 'password_reset.requested',
      targetType: account ? 'user' : null,
      targetId: account?.id ?? null,
      details: { email, sent: eligible, ...(active && !eligible ? { reason: 'too_many_requests' } : {}) },
    });
    return eligible;
  });
  if (sent) deps.mail.wake();
}

/** Sets the new password with the link's token; an unknown, used or expired token is a 422 on `token`. */
export async function completePasswordReset(options: {
  deps: IdentityDeps;
  token: string;
  password: string;
  source: AuditSource;
}): Promise<void> {
  const { deps, source } = options;
  // Hashed before the transaction: no connection is held during the slow part.
  const passwordHash = await hashPassword(options.password);
  const done = await withSystem(deps.db, async (trx) => {
    const userId = await consumeLinkToken(trx, 'password_reset_tokens', hashLinkToken(options.token));
    const user = userId ? await updatePasswordHash(trx, { userId, passwordHash }) : undefined;
    if (!user) {
      await recordAudit(trx, { ...source, actorId: null, companyId: null, action: 'password_reset.rejected' });
      return false;
    }
    await endLinkTokens(trx, 'password_reset_tokens', user.id);
    await clearLoginAttempts(trx, user.email);
    const revoked = await revokeUserSessions(trx, user.id);
    await recordAudit(trx, {
      ...source,
      actorId: user.id,
      companyId: user.company_id,
      action: 'password_reset.completed',
      targetType: 'user',
      targetId: user.id,
      details: { sessions_revoked: revoked },
    });
    return true;
  });
  if (!done) throw AppError.validation({ token: [resetLinkInvalidMessage] });
}
