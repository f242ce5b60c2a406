// Onboarding: an invitation e-mails a single-use link, valid for a
// week; opening it (/confirm-email) confirms the address and opens a session that may only
// finish onboarding; /welcome sets the password and records the accepted terms, and the user
// is active from then on.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import type { Config } from '../../../server/config';
import { withSystem, withTenant, type Trx } from '../../../server/db/database';
import { generateLinkToken, hashLinkToken } from '../../../server/http/link-tokens';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import type { Invitation, Inviter } from '../../../server/module-hooks';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { Scope } from '../../../shared/scopes';
import {
  alreadyOnboardedMessage,
  cannotInviteMessage,
  invitationLinkExpiredMessage,
  invitationLinkInvalidMessage,
  onboardingDoneMessage,
  type ConfirmEmailResponse,
  type InvitationResult,
  type LoginResponse,
} from '../auth.contract';
import { INVITATION_LINK_SECONDS, scopeAllowsUser } from '../auth.policy';
import { refuseWhileImpersonating } from './account-settings.service';
import { createSession, findAccountByEmail, findDepartmentIds, findPermissions, revokeUserSessions } from './auth.queries';
import { endLinkTokens } from './link-tokens.queries';
import type { IdentityDeps } from './identity-deps';
import { clearLoginAttempts } from './login-security.queries';
import {
  completeOnboarding,
  confirmEmail,
  consumeInvitationToken,
  createInvitationToken,
  findInvitee,
  markInvited,
} from './onboarding.queries';
import { hashPassword } from './passwords';
import { sessionResponse } from './session-response';

export const INVITATION_SUBJECT = 'You are invited to Stafflane';

/** {origin}/confirm-email?token=…, from PUBLIC_ORIGIN (or this server on localhost). */
export function invitationLink(config: Pick<Config, 'publicOrigin' | 'port'>, token: string): string {
  const url = new URL('/confirm-email', config.publicOrigin ?? `http://localhost:${config.port}`);
  url.searchParams.set('token', token);
  return url.toString();
}

export function invitationText(options: { firstName: string; companyName: string; link: string; administrator?: boolean }): string {
  return [
    `Hello ${options.firstName},`,
    '',
    options.administrator
      ? 'You are invited to be a Stafflane administrator: you will look after customer companies, their orders and the platform. Signing in always asks for a code sent to you.'
      : `${options.companyName} has invited you to Stafflane, where you can book leave, see your rota, claim expenses and read your documents.`,
    '',
    'To set up your account, open this link within the next 7 days (it works once):',
    options.link,
    '',
    'You will choose your password and accept the terms and conditions. If the link has expired, ask your employer to send a new invitation.',
  ].join('\n');
}

export function inviterOf(session: Session, scope: Scope): Inviter {
  return { ...session, scope };
}

/**
 * Invites one user of `companyId` (a pending or already invited one): a new link by e-mail,
 * earlier links dead, status invited, audited. The people module calls this for bulk
 * invitations too, the companies module for a new company's owner and for administrators
 * (`companyId` null: Stafflane's own staff). A user of another company is a 404; outside the
 * inviter's scope a 403; an active, terminated or locked user a 409.
 */
export async function inviteUser(options: Invitation): Promise<InvitationResult> {
  return (await inviteWithLink(options)).result;
}

/** As inviteUser, with the link the e-mail carries: for the command line, which prints it (an API answer never holds it). */
export async function inviteWithLink(options: Invitation): Promise<{ result: InvitationResult; link: string }> {
  const { deps, companyId, userId, invitedBy } = options;
  const { token, tokenHash } = generateLinkToken();
  const link = invitationLink(deps.config, token);
  const inScope = <T>(fn: (trx: Trx) => Promise<T>) => (companyId === null ? withSystem(deps.db, fn) : withTenant(deps.db, companyId, fn));
  const result = await inScope(async (trx) => {
    const invitee = await findInvitee(trx, { companyId, userId });
    if (!invitee) throw AppError.notFound();
    // Administrators have no company: only another administrator (global scope), or the operator at the command line, invites one.
    const allowed =
      invitee.company_id === null
        ? invitedBy === null || (invitedBy.scope === 'global' && invitedBy.companyId === null)
        : invitedBy !== null &&
          scopeAllowsUser(invitedBy.scope, invitedBy, {
            id: invitee.id,
            companyId: invitee.company_id,
            departmentIds: invitee.department_ids,
          });
    if (!allowed) throw AppError.forbidden();
    if (invitee.status === 'active') throw new AppError('conflict', { message: alreadyOnboardedMessage });
    if (!(await markInvited(trx, { companyId, userId }))) throw new AppError('conflict', { message: cannotInviteMessage });
    await createInvitationToken(trx, { userId, tokenHash, ttlSeconds: INVITATION_LINK_SECONDS });
    await enqueueEmail(trx, {
      template: 'invitation',
      to: invitee.email,
      subject: INVITATION_SUBJECT,
      text: invitationText({
        firstName: invitee.first_name,
        companyName: invitee.company_name,
        link,
        administrator: invitee.company_id === null,
      }),
      companyId,
    });
    await recordAudit(trx, {
      ...options.source,
      actorId: invitedBy?.userId ?? null,
      impersonatorId: invitedBy?.impersonatorId ?? null,
      companyId,
      action: 'user.invited',
      targetType: 'user',
      targetId: userId,
      details: { email: invitee.email, previous_status: invitee.status },
    });
    return { user_id: invitee.id, status: 'invited' as const, email: invitee.email };
  });
  deps.mail.wake();
  return { result, link };
}

/** A new session for the user, with what its token and the login response need; in the transaction of the change. */
async function openSession(trx: Trx, deps: IdentityDeps, email: string) {
  const account = await findAccountByEmail(trx, email);
  if (!account) throw new AppError('unauthenticated');
  const departmentIds = await findDepartmentIds(trx, account);
  const permissions = await findPermissions(trx, account.role_id);
  const sessionId = await createSession(trx, {
    userId: account.id,
    companyId: account.company_id,
    maxSeconds: deps.config.sessions.maxSeconds,
  });
  return { account, departmentIds, permissions, sessionId };
}

/**
 * An invited user whose address another single-use link has just proved (a company's sign-up
 * link): confirmed, and given the onboarding session an invitation's link gives — in the
 * caller's transaction. The answer /welcome continues from is made by what this returns, once
 * that transaction has committed.
 */
export async function openOnboarding(trx: Trx, deps: IdentityDeps, userId: string): Promise<() => Promise<ConfirmEmailResponse>> {
  const email = await confirmEmail(trx, userId);
  if (!email) throw new AppError('conflict', { message: onboardingDoneMessage });
  const opened = await openSession(trx, deps, email);
  return () => onboardingAnswer(deps, opened);
}

async function onboardingAnswer(deps: IdentityDeps, opened: Awaited<ReturnType<typeof openSession>>): Promise<ConfirmEmailResponse> {
  const response = await sessionResponse({ deps, ...opened, imp: false });
  return { ...response, email: opened.account.email };
}

/**
 * POST /api/confirm-email: uses the link (once), confirms the address and opens a session
 * whose token says `invited`; the onboarding guard lets it do nothing but finish at /welcome.
 * An unknown, used or expired link is a 422 on `token` saying which.
 */
export async function confirmInvitation(options: {
  deps: IdentityDeps;
  token: string;
  source: AuditSource;
}): Promise<ConfirmEmailResponse> {
  const { deps, source } = options;
  const confirmed = await withSystem(deps.db, async (trx) => {
    const use = await consumeInvitationToken(trx, hashLinkToken(options.token));
    const email = use.outcome === 'used' ? await confirmEmail(trx, use.userId) : undefined;
    if (use.outcome !== 'used' || !email) {
      await recordAudit(trx, {
        ...source,
        actorId: null,
        companyId: null,
        action: 'invitation.rejected',
        details: { reason: use.outcome },
      });
      return use.outcome === 'expired' ? invitationLinkExpiredMessage : invitationLinkInvalidMessage;
    }
    const opened = await openSession(trx, deps, email);
    await recordAudit(trx, {
      ...source,
      actorId: opened.account.id,
      companyId: opened.account.company_id,
      action: 'invitation.accepted',
      targetType: 'user',
      targetId: opened.account.id,
    });
    return opened;
  });
  if (typeof confirmed === 'string') throw AppError.validation({ token: [confirmed] });
  return onboardingAnswer(deps, confirmed);
}

/**
 * POST /api/welcome: the password and the accepted terms make the account active. Every
 * session of the user ends (the onboarding one too) and a fresh one, with status active, is
 * the answer; invitation links still open stop working.
 */
export async function completeWelcome(options: {
  deps: IdentityDeps;
  session: Session;
  password: string;
  source: AuditSource;
}): Promise<LoginResponse> {
  const { deps, session, source } = options;
  refuseWhileImpersonating(session);
  const companyId = session.companyId;
  // Hashed before the transaction: no connection is held during the slow part.
  const passwordHash = await hashPassword(options.password);
  // An invited administrator has no company: their onboarding runs in the system scope.
  const inScope = <T>(fn: (trx: Trx) => Promise<T>) => (companyId === null ? withSystem(deps.db, fn) : withTenant(deps.db, companyId, fn));
  const opened = await inScope(async (trx) => {
    const user = await completeOnboarding(trx, { companyId, userId: session.userId, passwordHash });
    if (!user) throw new AppError('conflict', { message: onboardingDoneMessage });
    await endLinkTokens(trx, 'invitation_tokens', user.id);
    await clearLoginAttempts(trx, user.email);
    const revoked = await revokeUserSessions(trx, user.id);
    await recordAudit(trx, {
      ...source,
      actorId: user.id,
      companyId,
      action: 'onboarding.completed',
      targetType: 'user',
      targetId: user.id,
      details: { terms_accepted: true, sessions_revoked: revoked },
    });
    return openSession(trx, deps, user.email);
  });
  return sessionResponse({ deps, ...opened, imp: false });
}
