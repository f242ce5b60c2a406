// The to-dos the overtime module sends, each with what ends it (declared in overtime.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** The person's approvers asked to approve or decline reported overtime. */
export const OVERTIME_DECIDE = {
  kind: 'overtime.decide',
  endedBy: 'an approver approves or declines the overtime, or it is cancelled',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const overtimeTodos: readonly TodoDeclaration[] = [OVERTIME_DECIDE];
