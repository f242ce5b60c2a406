// Who may read, change and decide a claim. Read: the claimant, their line managers and whoever
// holds /api/user-expense GET at a scope covering them. Change: the claimant while it is not
// yet approved. Approve or reject: the expenses approval chain (expenses.approvals.ts) — the
// claimant's line managers, then whoever holds /api/user-expense PUT at a scope reaching them —
// never the claimant. Pay and export: company scope.
import { approverOf, type Approver, type ChainReader } from '../../../server/approvals/approval-chain';
import { mayApprove } from '../../../server/approvals/approval-chain.queries';
import type { Trx } from '../../../server/db/database';
import { mayActOn, type PersonSubject } from '../../../server/http/person-access';
import type { Session } from '../../../server/plugins/request-context';
import { levelFor } from '../../../shared/scopes';
import { EXPENSE_ENDPOINT } from '../expenses.contract';
import { EXPENSE_APPROVALS } from './expenses.approvals';

/** The caller as the claim lists and counters take them: the expenses chain's reader and approver. */
export type ClaimActor = { userId: string; reader: ChainReader; approver: Approver };

export function claimActor(session: Session): ClaimActor {
  return {
    userId: session.userId,
    reader: {
      userId: session.userId,
      companyId: session.companyId ?? '00000000-0000-0000-0000-000000000000',
      departmentIds: session.departmentIds,
      level: levelFor(session.permissions, EXPENSE_ENDPOINT, 'GET'),
    },
    approver: approverOf(EXPENSE_APPROVALS, session),
  };
}

/** Company scope on claims: pays them, exports them, manages the expense types. */
export function managesCompanyExpenses(session: Session): boolean {
  return approverOf(EXPENSE_APPROVALS, session).companyWide;
}

export type ClaimRelation = { readable: boolean; approver: boolean; claimant: boolean };

/** How the caller stands to the claimant (a person of the caller's company). */
export async function relationTo(trx: Trx, session: Session, subject: PersonSubject): Promise<ClaimRelation> {
  const claimant = subject.userId === session.userId;
  const approver = await mayApprove(trx, EXPENSE_APPROVALS, session, subject.userId);
  // Whom one may approve for, one may read.
  const readable = claimant || approver || mayActOn(session, subject, EXPENSE_ENDPOINT, 'GET');
  return { readable, approver, claimant };
}
