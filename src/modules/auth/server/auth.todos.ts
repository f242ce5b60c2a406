// The to-dos the auth module sends, each with what ends it (declared in auth.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** An owner asked to approve or decline Stafflane support's access request. */
export const ACCESS_REQUEST_DECIDE = {
  kind: 'access-request.decide',
  endedBy: 'an owner of the company approves or declines the access request',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const authTodos: readonly TodoDeclaration[] = [ACCESS_REQUEST_DECIDE];
