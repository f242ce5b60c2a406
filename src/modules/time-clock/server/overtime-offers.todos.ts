// The to-do the time clock sends (declared in time-clock.module.ts): the person asked whether to
// claim as overtime the time they worked beyond their shift.
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

export const OVERTIME_OFFER_CLAIM = {
  kind: 'time-clock.overtime-offer',
  endedBy: 'the person claims the time as overtime or dismisses the offer, or the entry is edited (the offer is withdrawn)',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const overtimeOfferTodos: readonly TodoDeclaration[] = [OVERTIME_OFFER_CLAIM];
