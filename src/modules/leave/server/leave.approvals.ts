// Who approves absences: the platform's approval chain (src/server/approvals) on
// /api/approve-absence — the person's line managers, then whoever's approval scope reaches them.
// A department's manager approves an owner's or HR admin's leave only as their line manager.
// Unlike other chains, those approving company-wide decide their own absences too: a sole owner
// must be able to take leave. Return-to-work reviews follow the same chain.
import type { ApprovalChain } from '../../../server/approvals/approval-chain';
import { LEAVE_ENDPOINTS } from '../leave.contract';

export const ABSENCE_APPROVALS: ApprovalChain = { endpoint: LEAVE_ENDPOINTS.approve, companyWideDecidesOwn: true };
