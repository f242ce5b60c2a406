// What the people module adds to the platform's person access: the special-category gate
// and the audit entry of a read or write of a person's record.
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import type { PersonContext } from '../../../server/http/person-access';
import { maySeeSpecialCategory } from '../employees.policy';

/** Whether this context's caller reads (or changes) the person's special-category fields. */
export function seesSpecialCategory(context: PersonContext, method: 'GET' | 'PUT' = 'GET'): boolean {
  return maySeeSpecialCategory({ permissions: context.session.permissions, actor: context.actor, subject: context.subject, method });
}

/** Audits a read or write of a person's record: `action` like "user_personal_details.read". */
export async function auditPerson(
  caller: AuditCaller,
  context: PersonContext,
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  await auditCaller(context.trx, caller, {
    companyId: context.subject.companyId,
    action,
    targetType: 'user',
    targetId: context.subject.userId,
    details: details ?? null,
  });
}
