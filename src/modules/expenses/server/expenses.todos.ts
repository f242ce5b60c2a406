// The to-dos the expenses module sends, each with what ends it (declared in expenses.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** The claimant's approvers asked to decide a submitted claim. */
export const EXPENSE_DECIDE = {
  kind: 'expense.decide',
  endedBy: 'an approver approves (in full or in part) or rejects the claim, or the claimant withdraws it',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

/** The claimant asked to change a rejected claim and submit it again. */
export const EXPENSE_RESUBMIT = {
  kind: 'expense.resubmit',
  endedBy: 'the claimant submits the claim again, or withdraws it',
  endsFor: 'recipient',
} as const satisfies TodoDeclaration;

export const expensesTodos: readonly TodoDeclaration[] = [EXPENSE_DECIDE, EXPENSE_RESUBMIT];
