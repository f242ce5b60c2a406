// The to-dos the companies module sends, each with what ends it (declared in companies.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** Every administrator asked to confirm or decline a company's order. */
export const ORDER_DECIDE = {
  kind: 'order.decide',
  endedBy: 'an administrator confirms or declines the order',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const companiesTodos: readonly TodoDeclaration[] = [ORDER_DECIDE];
