// Who approves expense claims: the platform's approval chain (src/server/approvals) on
// /api/user-expense — the claimant's line managers, then whoever's scope on it reaches them;
// never the claimant. Those who approve for a person read their claims too.
import type { ApprovalChain } from '../../../server/approvals/approval-chain';
import { EXPENSE_ENDPOINT } from '../expenses.contract';

export const EXPENSE_APPROVALS: ApprovalChain = { endpoint: EXPENSE_ENDPOINT };
