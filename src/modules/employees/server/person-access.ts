// The person a record request is about, found in the right company and checked against the
// caller's level for the route's endpoint. Every employee-record route runs through here:
// another company's user is a 404 (they do not exist for this caller), a colleague outside
// the caller's scope a 403.
import type { FastifyRequest } from 'fastify';
import { auditSourceOf } from '../../../server/audit/audit-source';
import { recordAudit } from '../../../server/audit/audit.queries';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { requireCompany, requireSession, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { levelFor, type HttpMethod, type Scope, type ScopeActor } from '../../../shared/scopes';
import { mayActOnPerson, maySeeSpecialCategory } from '../employees.policy';
import { findPersonSubject, type PersonSubject } from './person-subject.queries';

export type PersonContext = { trx: Trx; session: Session; subject: PersonSubject; level: Scope; actor: ScopeActor };

export const actorOf = (session: Session): ScopeActor => ({
  userId: session.userId,
  companyId: session.companyId,
  departmentIds: session.departmentIds,
});

/**
 * Runs `fn` in one transaction of the caller's company once the caller's level for
 * `endpoint`/`method` covers the person. Only the caller's own company: an administrator
 * reaches a company's people as an impersonated session of that company.
 */
export async function withPerson<T>(
  db: Db,
  input: { session: Session; userId: string; endpoint: string; method: HttpMethod },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T> {
  const { session, userId, endpoint, method } = input;
  const level = levelFor(session.permissions, endpoint, method);
  if (level === null) throw AppError.forbidden();
  const companyId = requireCompany(session);
  return withTenant(db, companyId, async (trx) => {
    const subject = await findPersonSubject(trx, { companyId, userId });
    if (!subject) throw AppError.notFound();
    const actor = actorOf(session);
    if (!mayActOnPerson({ permissions: session.permissions, actor, subject, endpoint, method })) throw AppError.forbidden();
    return fn({ trx, session, subject, level, actor });
  });
}

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
