// The person a balances request is about, found in the right company and checked against the
// caller's level for the route's endpoint, like the people module's records: another
// company's user is a 404 (they do not exist for this caller), a colleague outside the
// caller's scope a 403. Only the caller's own company: administrators reach one by impersonation.
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import {
  levelFor,
  roleRank,
  scopeCoversUser,
  scopeReachesForWrite,
  type HttpMethod,
  type RankedSubject,
  type Scope,
} from '../../../shared/scopes';
import { findLeaveSubject, findValueOwner } from './balances-read.queries';

export type LeavePersonContext = { trx: Trx; session: Session; subject: RankedSubject; level: Scope; companyId: string };

export async function withLeavePerson<T>(
  db: Db,
  input: { session: Session; userId: string; endpoint: string; method: HttpMethod },
  fn: (context: LeavePersonContext) => Promise<T>,
): Promise<T> {
  const { session, userId, endpoint, method } = input;
  const level = levelFor(session.permissions, endpoint, method);
  if (level === null) throw AppError.forbidden();
  const companyId = requireCompany(session);
  return withTenant(db, companyId, async (trx) => {
    const subject = await findLeaveSubject(trx, { companyId, userId });
    if (!subject) throw AppError.notFound();
    const actor = {
      userId: session.userId,
      companyId: session.companyId,
      departmentIds: session.departmentIds,
      rank: roleRank(session.permissions),
    };
    const reaches = method === 'GET' ? scopeCoversUser(level, actor, subject) : scopeReachesForWrite(level, actor, subject);
    if (!reaches) throw AppError.forbidden();
    return fn({ trx, session, subject, level, companyId });
  });
}

/** As withLeavePerson, for the person a period value belongs to (404 when there is no such value for the caller). */
export async function withValueOwner<T>(
  db: Db,
  input: { session: Session; valueId: string; endpoint: string; method: HttpMethod },
  fn: (context: LeavePersonContext) => Promise<T>,
): Promise<T> {
  const { session, valueId } = input;
  const companyId = requireCompany(session);
  const owner = await withTenant(db, companyId, (trx) => findValueOwner(trx, { companyId, id: valueId }));
  if (!owner) throw AppError.notFound();
  return withLeavePerson(db, { session, userId: owner.user_id, endpoint: input.endpoint, method: input.method }, fn);
}
