// Who may read, change and decide a claim. Read: the claimant, their line managers and whoever
// holds /api/user-expense GET at a scope covering them. Change: the claimant while it is not
// yet approved. Approve or reject: the claimant's line managers, then whoever holds
// /api/user-expense PUT at a scope reaching them (department scope only over people ranking
// no higher) — never the claimant. Pay and export: company scope.
import type { Trx } from '../../../server/db/database';
import { mayActOn, type PersonSubject } from '../../../server/http/person-access';
import type { Session } from '../../../server/plugins/request-context';
import { levelFor, roleRank, scopeRank, type Scope } from '../../../shared/scopes';
import { EXPENSE_ENDPOINT } from '../expenses.contract';
import { findLineManagerIds, type ClaimActor } from './claim-access.queries';

type Level = ClaimActor['readLevel'];
const narrow = (scope: Scope | null): Level => (scope === 'global' ? 'company' : scope);

export function claimActor(session: Session): ClaimActor {
  return {
    userId: session.userId,
    companyId: session.companyId ?? '00000000-0000-0000-0000-000000000000',
    departmentIds: session.departmentIds,
    readLevel: narrow(levelFor(session.permissions, EXPENSE_ENDPOINT, 'GET')),
    approveLevel: narrow(levelFor(session.permissions, EXPENSE_ENDPOINT, 'PUT')),
    rank: roleRank(session.permissions),
  };
}

/** Company scope on claims: pays them, exports them, manages the expense types. */
export function managesCompanyExpenses(session: Session): boolean {
  const level = levelFor(session.permissions, EXPENSE_ENDPOINT, 'PUT');
  return level !== null && scopeRank(level) >= scopeRank('company');
}

export type ClaimRelation = { readable: boolean; approver: boolean; claimant: boolean };

/** How the caller stands to the claimant (a person of the caller's company). */
export async function relationTo(trx: Trx, session: Session, subject: PersonSubject): Promise<ClaimRelation> {
  const claimant = subject.userId === session.userId;
  const lineManagers = session.companyId ? await findLineManagerIds(trx, { companyId: session.companyId, userId: subject.userId }) : [];
  const lineManager = lineManagers.includes(session.userId);
  const approver = !claimant && (lineManager || mayActOn(session, subject, EXPENSE_ENDPOINT, 'PUT'));
  // Whom one may approve for, one may read.
  const readable = claimant || approver || mayActOn(session, subject, EXPENSE_ENDPOINT, 'GET');
  return { readable, approver, claimant };
}
