// The to-dos the leave module sends, each with what ends it (declared in leave.module.ts).
import type { TodoDeclaration } from '../../../server/notifications/todo-kinds';

/** The person's approvers asked to decide a leave request, or a request to cancel approved leave. */
export const ABSENCE_DECIDE = {
  kind: 'absence.decide',
  endedBy: 'an approver approves or declines the request (or the request to cancel it), or the absence is cancelled',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

/** The person back from sickness asked for their self-certification or fit note. */
export const RETURN_TO_WORK_COMPLETE = {
  kind: 'return-to-work.complete',
  endedBy: 'the person fills in the self-certification form, or their fit note is uploaded',
  endsFor: 'recipient',
} as const satisfies TodoDeclaration;

/** Whoever reviews the person's absences asked to review their return to work. */
export const RETURN_TO_WORK_REVIEW = {
  kind: 'return-to-work.review',
  endedBy: 'a reviewer reviews and closes the return to work',
  endsFor: 'everyone',
} as const satisfies TodoDeclaration;

export const leaveTodos: readonly TodoDeclaration[] = [ABSENCE_DECIDE, RETURN_TO_WORK_COMPLETE, RETURN_TO_WORK_REVIEW];
