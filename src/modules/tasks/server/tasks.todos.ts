// The to-dos the tasks module sends, each with what ends it (declared in tasks.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** The assignee of a task someone else gave them, and its reminders. */
export const TASK_COMPLETE = {
  kind: 'task.complete',
  endedBy: 'the task is completed (by its assignee or someone managing it) or deleted; given to someone else, the previous assignee’s ends',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const tasksTodos: readonly TodoDeclaration[] = [TASK_COMPLETE];
