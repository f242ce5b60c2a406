// The to-dos the notices module sends, each with what ends it (declared in notices.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** Each person a notice asking for acknowledgement is addressed to (and its reminder). */
export const NOTICE_ACKNOWLEDGE = {
  kind: 'notice.acknowledge',
  endedBy:
    'the recipient acknowledges the notice (theirs only); everyone’s when the notice is deleted or no longer asks for acknowledgement',
  endsFor: 'recipient',
} as const satisfies TodoDeclaration;

export const noticesTodos: readonly TodoDeclaration[] = [NOTICE_ACKNOWLEDGE];
