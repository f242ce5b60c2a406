// A person who lost their phone or security key: an owner (or, from the command line, the
// operator for an administrator) clears their authenticator app, recovery codes and passkeys.
// Their codes come by e-mail again; they are told by e-mail, and the reset is audited.
import type { AuditEntry, AuditSource } from '../../../server/audit/audit.queries';
import { recordAudit } from '../../../server/audit/audit.queries';
import type { Trx } from '../../../server/db/database';
import { withPerson } from '../../../server/http/person-access';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import type { Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { twoFactorPaths } from '../two-factor.contract';
import { refuseWhileImpersonating } from './account-caller';
import { findCredentials } from './account-settings.queries';
import type { IdentityDeps } from './identity-deps';
import { clearSecondFactors } from './two-factor-reset.queries';

export const TWO_FACTOR_RESET_SUBJECT = 'Your Stafflane two-factor sign-in was reset';

function resetText(by: string): string {
  return [
    `${by} has reset your two-factor sign-in.`,
    '',
    'Your authenticator app, your recovery codes and your passkeys no longer sign you in. Until you set them up again',
    '(My settings → Sign-in security), the code you need to sign in comes to this e-mail address.',
    '',
    'If you did not ask for this, tell your administrator straight away.',
  ].join('\n');
}

/**
 * Clears the person's second factors in `trx`, mails them and audits it (entry as given, its
 * details completed with what was cleared). Not found when there is no such person in scope.
 */
export async function resetSecondFactors(
  trx: Trx,
  input: { userId: string; by: string; audit: Omit<AuditEntry, 'details'> & { details?: Record<string, unknown> } },
) {
  const person = await findCredentials(trx, input.userId);
  if (!person) throw AppError.notFound();
  const cleared = await clearSecondFactors(trx, input.userId);
  await enqueueEmail(trx, {
    template: 'two_factor_reset',
    to: person.email,
    subject: TWO_FACTOR_RESET_SUBJECT,
    text: resetText(input.by),
    companyId: person.company_id,
  });
  await recordAudit(trx, { ...input.audit, details: { ...input.audit.details, ...cleared } });
  return cleared;
}

/** POST /api/user-2fa-reset: within the caller's scope of people (an owner's: the whole company). */
export async function resetPersonTwoFactor(options: { deps: IdentityDeps; session: Session; source: AuditSource; userId: string }) {
  const { deps, session, source, userId } = options;
  refuseWhileImpersonating(session);
  if (userId === session.userId) throw AppError.forbidden('Remove your own authenticator app or passkeys in My settings.');
  await withPerson(deps.db, { session, userId, endpoint: twoFactorPaths.reset, method: 'POST' }, ({ trx, companyId }) =>
    resetSecondFactors(trx, {
      userId,
      by: 'An owner or HR admin of your company',
      audit: {
        ...source,
        actorId: session.userId,
        impersonatorId: session.impersonatorId,
        companyId,
        action: 'two_factor.reset',
        targetType: 'user',
        targetId: userId,
      },
    }),
  );
  deps.mail.wake();
}
