// A person's own access, set by their company (owners and HR admins, company-wide): on hold or
// disabled refuses their next sign-in and token refresh, saying the account is temporarily on
// hold or, disabled, to contact their line manager (loginMessages); nothing of theirs is
// deleted. Nobody changes their own access (they could lock themselves out).
import type { AppDeps } from '../../../server/app-deps';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withTenant } from '../../../server/db/database';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import type { PersonAccessValue } from '../setup.contract';
import { findPersonAccess, setPersonAccess } from './companies.queries';

export async function changePersonAccess(options: {
  deps: Pick<AppDeps, 'db'>;
  caller: AuditCaller;
  userId: string;
  input: { access: PersonAccessValue; reason: string };
}): Promise<{ user_id: string; access: PersonAccessValue }> {
  const { deps, caller, userId, input } = options;
  const companyId = requireCompany(caller.session);
  if (userId === caller.session.userId) throw new AppError('conflict', { message: 'You cannot change your own access.' });
  return withTenant(deps.db, companyId, async (trx) => {
    const person = await findPersonAccess(trx, { companyId, userId });
    if (!person) throw AppError.notFound();
    if (person.access !== input.access) {
      await setPersonAccess(trx, { companyId, userId, access: input.access });
      await auditCaller(trx, caller, {
        companyId,
        action: 'user.access_changed',
        targetType: 'user',
        targetId: userId,
        details: { from: person.access, to: input.access, reason: input.reason },
      });
    }
    return { user_id: userId, access: input.access };
  });
}
