// The to-dos the employees module sends, each with what ends it (declared in employees.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** Owners and HR admins asked to renew a person's right-to-work check (expiry or follow-up due). */
export const RIGHT_TO_WORK_RENEW = {
  kind: 'right-to-work.renew',
  endedBy: "the person's right-to-work check is renewed: a check is recorded, or one is changed or removed",
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const employeesTodos: readonly TodoDeclaration[] = [RIGHT_TO_WORK_RENEW];

/** One subject per person: any renewal of their checks ends the reminders about them. */
export const rightToWorkSubject = (userId: string) => `right_to_work:${userId}`;
