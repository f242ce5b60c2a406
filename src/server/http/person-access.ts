// Who is acting, and whether they may act on the person a request is about. Every module's
// person routes run through here: another company's user is a 404 (they do not exist for
// this caller), a colleague outside the caller's scope a 403. Only the caller's own company:
// an administrator reaches a company's people as an impersonated session of that company.
import { AppError } from '../../shared/app-error';
import {
  levelFor,
  roleRank,
  scopeCoversUser,
  scopeReachesForWrite,
  type HttpMethod,
  type RankedActor,
  type RankedSubject,
  type Scope,
} from '../../shared/scopes';
import { withTenant, type Db, type Trx } from '../db/database';
import { requireCompany, type Session } from '../plugins/request-context';
import { findPersonSubject, type PersonSubject } from './person-subject.queries';

export type { PersonSubject } from './person-subject.queries';

/** The caller as the scope checks see them, with their role's rank (for writes at department scope). */
export const actorOf = (session: Session): RankedActor => ({
  userId: session.userId,
  companyId: session.companyId,
  departmentIds: session.departmentIds,
  rank: roleRank(session.permissions),
});

/**
 * Whether the caller's level for `endpoint`/`method` reaches the person: a read as the scope
 * covers them, a write (or an approval) only over someone whose role ranks no higher at
 * department scope.
 */
export function mayActOn(session: Session, subject: RankedSubject, endpoint: string, method: HttpMethod): boolean {
  const level = levelFor(session.permissions, endpoint, method);
  const actor = actorOf(session);
  return method === 'GET' ? scopeCoversUser(level, actor, subject) : scopeReachesForWrite(level, actor, subject);
}

/** Runs `fn` in the caller's company with the person `userId` of that company; 404 when there is none. */
export async function inPersonCompany<T>(
  db: Db,
  input: { session: Session; userId: string },
  fn: (trx: Trx, subject: PersonSubject) => Promise<T>,
): Promise<T> {
  const companyId = requireCompany(input.session);
  return withTenant(db, companyId, async (trx) => {
    const subject = await findPersonSubject(trx, { companyId, userId: input.userId });
    if (!subject) throw AppError.notFound();
    return fn(trx, subject);
  });
}

export type PersonContext = { trx: Trx; session: Session; subject: PersonSubject; level: Scope; actor: RankedActor; companyId: string };

/**
 * Runs `fn` in one transaction of the caller's company once the caller's level for
 * `endpoint`/`method` reaches the person (see mayActOn); 403 without the permission at all.
 */
export async function withPerson<T>(
  db: Db,
  input: { session: Session; userId: string; endpoint: string; method: HttpMethod },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T> {
  const { session, endpoint, method } = input;
  const level = levelFor(session.permissions, endpoint, method);
  if (level === null) throw AppError.forbidden();
  return inPersonCompany(db, input, async (trx, subject) => {
    if (!mayActOn(session, subject, endpoint, method)) throw AppError.forbidden();
    return fn({ trx, session, subject, level, actor: actorOf(session), companyId: subject.companyId });
  });
}

/**
 * As withPerson, for the person a record of theirs belongs to: `ownerOf` finds the record's
 * person in the caller's company; undefined when there is no such record.
 */
export async function withRecordPerson<T>(
  db: Db,
  input: { session: Session; endpoint: string; method: HttpMethod; ownerOf: (trx: Trx, companyId: string) => Promise<string | undefined> },
  fn: (context: PersonContext) => Promise<T>,
): Promise<T | undefined> {
  const { session, endpoint, method } = input;
  if (levelFor(session.permissions, endpoint, method) === null) throw AppError.forbidden();
  const companyId = requireCompany(session);
  const owner = await withTenant(db, companyId, (trx) => input.ownerOf(trx, companyId));
  if (owner === undefined) return undefined;
  return withPerson(db, { session, userId: owner, endpoint, method }, fn);
}
