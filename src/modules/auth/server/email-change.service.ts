// Changing someone's sign-in e-mail. The address is how an account is reached (sign-in,
// password reset), so a change only takes effect once the new address confirms it: a
// single-use link to the new address (stored hashed, valid a day, a newer request replaces
// it), a note to the old address naming who asked, and on confirmation every session of the
// person ends. Until then sign-in and password reset stay on the old address.
import { recordAudit, type AuditSource } from '../../../server/audit/audit.queries';
import type { Config } from '../../../server/config';
import { withSystem, type Trx } from '../../../server/db/database';
import { generateLinkToken, hashLinkToken } from '../../../server/http/link-tokens';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import type { EmailChangeRequest } from '../../../server/module-hooks';
import { AppError } from '../../../shared/app-error';
import {
  EMAIL_CHANGE_LINK_TYPE,
  emailChangeAddressTakenMessage,
  emailChangeLinkInvalidMessage,
  type EmailChangeConfirmed,
} from '../auth.contract';
import { EMAIL_CHANGE_LINK_SECONDS, maskEmail } from '../auth.policy';
import { revokeUserSessions } from './auth.queries';
import {
  consumeEmailChange,
  createEmailChange,
  emailTakenByOther,
  endEmailChanges,
  findEmailChangeParties,
  setSignInEmail,
} from './email-change.queries';
import type { IdentityDeps } from './identity-deps';
import { endLinkTokens } from './link-tokens.queries';

export const EMAIL_CHANGE_CONFIRM_SUBJECT = 'Confirm your new Stafflane e-mail address';
export const EMAIL_CHANGE_NOTICE_SUBJECT = 'A change of your Stafflane e-mail address was requested';

/** {origin}/confirm-email?type=email-change&token=… */
export function emailChangeLink(config: Pick<Config, 'publicOrigin' | 'port'>, token: string): string {
  const url = new URL('/confirm-email', config.publicOrigin ?? `http://localhost:${config.port}`);
  url.searchParams.set('type', EMAIL_CHANGE_LINK_TYPE);
  url.searchParams.set('token', token);
  return url.toString();
}

function confirmText(firstName: string, link: string): string {
  return [
    `Hello ${firstName},`,
    '',
    'Your Stafflane account is to sign in with this e-mail address from now on.',
    '',
    'To confirm it, open this link within the next 24 hours (it works once):',
    link,
    '',
    'Until you do, you keep signing in with your current address. If you did not expect this e-mail, you can ignore it.',
  ].join('\n');
}

function noticeText(input: { firstName: string; maskedNew: string; requester: string }): string {
  return [
    `Hello ${input.firstName},`,
    '',
    `${input.requester} asked to change the e-mail address you sign in to Stafflane with to ${input.maskedNew}.`,
    '',
    'Nothing changes until the new address confirms it; until then you sign in with this address as before.',
    'If you did not expect this, please tell your employer straight away.',
  ].join('\n');
}

/**
 * Records a request to move the person's sign-in to `newEmail`, in the transaction of the
 * change (the caller has checked who may ask). Earlier requests stop working. The caller
 * wakes the mail outbox once the transaction commits.
 */
export async function requestEmailChange(trx: Trx, options: EmailChangeRequest): Promise<void> {
  const { companyId, userId, newEmail, requestedBy } = options;
  const parties = await findEmailChangeParties(trx, { companyId, userId, requestedBy: requestedBy.userId });
  if (!parties) throw AppError.notFound();
  const { token, tokenHash } = generateLinkToken();
  await endEmailChanges(trx, { userId });
  await createEmailChange(trx, {
    userId,
    companyId,
    newEmail,
    requestedBy: requestedBy.userId,
    tokenHash,
    ttlSeconds: EMAIL_CHANGE_LINK_SECONDS,
  });
  await enqueueEmail(trx, {
    template: 'email_change_confirmation',
    to: newEmail,
    subject: EMAIL_CHANGE_CONFIRM_SUBJECT,
    text: confirmText(parties.first_name, emailChangeLink(options.config, token)),
    companyId,
  });
  await enqueueEmail(trx, {
    template: 'email_change_notice',
    to: parties.email,
    subject: EMAIL_CHANGE_NOTICE_SUBJECT,
    text: noticeText({
      firstName: parties.first_name,
      maskedNew: maskEmail(newEmail),
      requester: parties.requester ?? 'A Stafflane administrator',
    }),
    companyId,
  });
  await recordAudit(trx, {
    ...options.source,
    actorId: requestedBy.userId,
    impersonatorId: requestedBy.impersonatorId,
    companyId,
    action: 'user.email_change_requested',
    targetType: 'user',
    targetId: userId,
    details: { from: parties.email, to: newEmail },
  });
}

/**
 * The address of someone who has not set up their account yet (pending or invited) changed
 * directly: no account hangs on it yet, and the next invitation, sent to the new address,
 * is what confirms it. Links already sent to the old address stop working.
 */
export async function addressChangedBeforeSetUp(trx: Trx, userId: string): Promise<void> {
  await endLinkTokens(trx, 'invitation_tokens', userId);
  await endEmailChanges(trx, { userId });
}

/**
 * POST /api/confirm-email-change: uses the link once and makes its address the sign-in
 * address. Every session of the person ends (their sockets close with them) and links to the
 * old address (password reset) stop working. A bad, used or expired link, or an address
 * another account took meanwhile, is a 422 on `token`.
 */
export async function confirmEmailChange(options: {
  deps: IdentityDeps;
  token: string;
  source: AuditSource;
}): Promise<EmailChangeConfirmed> {
  const { deps, source } = options;
  const outcome = await withSystem(deps.db, async (trx) => {
    const change = await consumeEmailChange(trx, hashLinkToken(options.token));
    // Checked first: a unique violation would end the transaction before the refusal is audited.
    const taken = change ? await emailTakenByOther(trx, { email: change.new_email, userId: change.user_id }) : false;
    const changed =
      change && !taken
        ? await setSignInEmail(trx, { companyId: change.company_id, userId: change.user_id, email: change.new_email })
        : taken
          ? ('taken' as const)
          : undefined;
    if (!change || !changed || changed === 'taken') {
      await recordAudit(trx, {
        ...source,
        actorId: null,
        companyId: change?.company_id ?? null,
        action: 'user.email_change_rejected',
        targetType: change ? 'user' : null,
        targetId: change?.user_id ?? null,
        details: { reason: changed === 'taken' ? 'taken' : 'invalid' },
      });
      return changed === 'taken' ? emailChangeAddressTakenMessage : emailChangeLinkInvalidMessage;
    }
    await endEmailChanges(trx, { userId: change.user_id });
    await endLinkTokens(trx, 'password_reset_tokens', change.user_id);
    const revoked = await revokeUserSessions(trx, change.user_id);
    await recordAudit(trx, {
      ...source,
      actorId: change.user_id,
      companyId: change.company_id,
      action: 'user.email_changed',
      targetType: 'user',
      targetId: change.user_id,
      details: { from: changed.previous, to: change.new_email, requested_by: change.requested_by, sessions_revoked: revoked },
    });
    return { email: change.new_email };
  });
  if (typeof outcome === 'string') throw AppError.validation({ token: [outcome] });
  return outcome;
}
