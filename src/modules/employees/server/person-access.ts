// What the people module adds to the platform's person access: the special-category gate
// and the audit entry of a read or write of a person's record.
import type { FastifyRequest } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { recordAudit } from '../../../server/audit/audit.queries';
import type { PersonContext } from '../../../server/http/person-access';
import { requireSession } from '../../../server/plugins/request-context';
import { maySeeSpecialCategory } from '../employees.policy';

/** Whether this context's caller reads (or changes) the person's special-category fields. */
export function seesSpecialCategory(context: PersonContext, method: 'GET' | 'PUT' = 'GET'): boolean {
  return maySeeSpecialCategory({ permissions: context.session.permissions, actor: context.actor, subject: context.subject, method });
}

/** Audits a read or write of a person's record: `action` like "user_personal_details.read". */
export async function auditPerson(
  request: FastifyRequest,
  context: PersonContext,
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  const session = requireSession(request);
  await recordAudit(context.trx, {
    ...auditSourceOf(request),
    actorId: session.userId,
    impersonatorId: session.impersonatorId,
    companyId: context.subject.companyId,
    action,
    targetType: 'user',
    targetId: context.subject.userId,
    details: details ?? null,
  });
}
