// Who may approve a person's absences and who is asked (the absences part owns this file;
// return-to-work reviews use the same rules). May approve: the person's line managers, and
// anyone whose /api/approve-absence scope covers the person (department scope over one of
// the person's departments when the person's role ranks no higher than theirs, company
// scope): a department's manager approves an owner's or HR admin's leave only as their line
// manager. Nobody approves their own absence unless they
// approve company-wide (a sole owner must be able to take leave). Asked: line managers, else
// the managers of the person's department, else those who approve company-wide (owners).
import type { Trx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { levelFor, roleRank, scopeCoversUser, scopeRank, scopeReachesForWrite, type Scope } from '../../../shared/scopes';
import { type ApproverReach } from '../../../server/db/role-rank.queries';
import { APPROVE_ENDPOINT, findApprovalSubject, findApproversToAsk } from './approvers.queries';

/** The caller's approval level (PUT on /api/approve-absence), or null. */
export function approveLevel(session: Session): Scope | null {
  return levelFor(session.permissions, APPROVE_ENDPOINT, 'PUT');
}

/** Whether the caller approves company-wide (or wider): they may approve their own absences too. */
export function approvesCompanyWide(session: Session): boolean {
  const level = approveLevel(session);
  return level !== null && scopeRank(level) >= scopeRank('company');
}

/** The caller as approvableBy (approvers.queries.ts) takes it, for list and count queries. */
export function approverActor(session: Session): ApproverReach {
  return {
    userId: session.userId,
    departmentIds: session.departmentIds,
    companyWide: approvesCompanyWide(session),
    departmentScope: approveLevel(session) === 'department',
    rank: roleRank(session.permissions),
  };
}

export async function mayApprove(trx: Trx, session: Session, employeeUserId: string): Promise<boolean> {
  const subject = await findApprovalSubject(trx, employeeUserId);
  if (!subject) return false;
  const level = approveLevel(session);
  const actor = {
    userId: session.userId,
    companyId: session.companyId,
    departmentIds: session.departmentIds,
    rank: roleRank(session.permissions),
  };
  if (employeeUserId === session.userId) {
    return (
      level !== null && scopeRank(level) >= scopeRank('company') && scopeCoversUser(level, actor, { userId: employeeUserId, ...subject })
    );
  }
  if (subject.companyId === session.companyId && subject.lineManagerIds.includes(session.userId)) return true;
  return scopeReachesForWrite(level, actor, { userId: employeeUserId, ...subject });
}

/** User ids to notify about a new request or a cancellation request, never the person themselves. */
export async function approversToAsk(trx: Trx, companyId: string, employeeUserId: string): Promise<string[]> {
  return findApproversToAsk(trx, { companyId, userId: employeeUserId });
}
