// Return-to-work items (the return-to-work part owns this file). When a sickness absence is
// over, the person owes either a self-certification (up to SELF_CERTIFICATION_MAX_DAYS
// calendar days, UK SSP rules) or a fit note; the item waits for them, then for a reviewer.
import type { Trx } from '../../../server/db/database';
import { publish } from '../../../server/realtime/publish';
import { notify } from '../../../server/notifications/notify';
import { todoSubject } from '../../../server/notifications/resolve-todos';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { companyChannel } from '../../../shared/realtime';
import { LEAVE_INVALIDATES, LEAVE_RESOURCES, SELF_CERTIFICATION_MAX_DAYS, type ReturnToWorkKind } from '../leave.contract';
import { RETURN_TO_WORK_COMPLETE } from './leave.todos';
import { insertReturnToWorkItem, returnToWorkEnabled } from './return-to-work.queries';

/** Days from `first` to `last`, both counted (a Monday-to-Sunday absence is 7). */
/** The two to-dos of a return to work: the person's form (or fit note), then their reviewers' review. */
export const RTW_STEP = { employee: 'employee', review: 'review' } as const;

export function calendarDays(first: string, last: string): number {
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((day(last) - day(first)) / 86_400_000) + 1;
}

export function returnToWorkKind(first: string, last: string): ReturnToWorkKind {
  return calendarDays(first, last) <= SELF_CERTIFICATION_MAX_DAYS ? 'self_certification' : 'fit_note';
}

/**
 * For a sickness absence whose person is back (`lastDay` is the last day off): creates its
 * item when the company has return_to_work_enabled and none exists — self-certification up to
 * SELF_CERTIFICATION_MAX_DAYS calendar days, else a fit note — and notifies the person
 * (relates_to return_to_work). Returns the item id, or null when none was made.
 */
export async function createReturnToWorkItem(
  trx: Trx,
  input: { companyId: string; absenceId: string; userId: string; firstDay: string; lastDay: string; actorId: string | null },
): Promise<string | null> {
  if (!(await returnToWorkEnabled(trx, input.companyId))) return null;
  const lastDay = input.lastDay < input.firstDay ? input.firstDay : input.lastDay;
  const kind = returnToWorkKind(input.firstDay, lastDay);
  const id = await insertReturnToWorkItem(trx, { ...input, lastDay, kind });
  if (id === null) return null;

  const dates = `${formatCalendarDate(input.firstDay, DATE_FORMATS.date)} to ${formatCalendarDate(lastDay, DATE_FORMATS.date)}`;
  const step =
    kind === 'self_certification'
      ? 'Please fill in the self-certification form.'
      : `Your absence was longer than ${SELF_CERTIFICATION_MAX_DAYS} days, so please upload your fit note.`;
  const text = `Welcome back. Please complete your return to work for your sickness absence from ${dates}. ${step}`;
  await notify(trx, {
    companyId: input.companyId,
    userId: input.userId,
    description: text,
    relatesTo: 'return_to_work',
    relatesToId: id,
    todo: true,
    kind: RETURN_TO_WORK_COMPLETE.kind,
    subject: todoSubject('return_to_work', id, RTW_STEP.employee),
    email: { subject: 'Please complete your return to work', text },
  });
  await publish(trx, {
    channel: companyChannel(input.companyId),
    event: LEAVE_RESOURCES.returnToWork,
    invalidates: LEAVE_INVALIDATES.returnToWork,
    companyId: input.companyId,
  });
  return id;
}
