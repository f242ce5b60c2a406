// Who approves for a person, the same in every module that approves what a person asks for
// (leave, overtime, expense claims, and whatever approves next). Asked, in order: the
// person's active line managers; else the active holders of the module's approve permission
// at department scope over one of the person's departments whose role ranks at least the
// person's (department scope does not reach a higher role); else those holding it
// company-wide. May decide: the person's line managers, and anyone whose approve scope reaches
// them (company scope; department scope over their departments, when they rank no higher).
// Never the person themselves — unless the module's chain lets company-wide approvers decide
// their own (leave: a sole owner must be able to take leave); no queue ever lists one's own.
// Another company's people are never reached. A module declares only its chain; the SQL is in
// approval-chain.queries.ts.
import { levelFor, roleRank, scopeRank, type Scope } from '../../shared/scopes';
import type { Session } from '../plugins/request-context';

/** What a module declares about approving in it; the rule itself is the platform's. */
export type ApprovalChain = {
  /** The endpoint whose PUT entry grants approving, at the scope it reaches. */
  endpoint: string;
  /** Those approving company-wide may decide their own requests too (never listed as waiting for them). */
  companyWideDecidesOwn?: boolean;
};

/** The caller as an approver in one chain: whom they reach, as the SQL conditions take it. */
export type Approver = {
  userId: string;
  departmentIds: readonly string[];
  companyWide: boolean;
  departmentScope: boolean;
  /** The approver's role rank: department scope reaches only people ranking no higher. */
  rank: number;
};

/** The caller as an approver in the chain, from their session's permissions. */
export function approverOf(chain: ApprovalChain, session: Session): Approver {
  const level = levelFor(session.permissions, chain.endpoint, 'PUT');
  return {
    userId: session.userId,
    departmentIds: session.departmentIds,
    companyWide: level !== null && scopeRank(level) >= scopeRank('company'),
    departmentScope: level === 'department',
    rank: roleRank(session.permissions),
  };
}

/** Whether the approver may decide their own requests: company-wide, in a chain that allows it. */
export function decidesOwn(chain: ApprovalChain, approver: Approver): boolean {
  return approver.companyWide && chain.companyWideDecidesOwn === true;
}

/**
 * A reader as readableBy takes them: those who approve for a person read their records too,
 * with the reader's level on the module's read permission.
 */
export type ChainReader = { userId: string; companyId: string; departmentIds: readonly string[]; level: Scope | null };
