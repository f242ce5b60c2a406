// Who approves overtime: the platform's approval chain (src/server/approvals) on
// /api/approve-overtime — the person's line managers, then whoever's approval scope reaches
// them; nobody approves their own.
import type { ApprovalChain } from '../../../server/approvals/approval-chain';
import { OVERTIME_ENDPOINTS } from '../overtime.contract';

export const OVERTIME_APPROVALS: ApprovalChain = { endpoint: OVERTIME_ENDPOINTS.approve };
