// The steps on an existing absence — approve, decline, cancel, comment, return — and the
// all-or-nothing bulk approval. Each runs in one tenant transaction with the absence locked,
// writes a history event, moves the balance when a deducted absence is approved or given
// back, notifies and publishes.
import type * as v from 'valibot';
import { withTenant, type Trx } from '../../../server/db/database';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate } from '../../../shared/dates';
import {
  type AbsenceDetail,
  type ApproveInputSchema,
  type CancelInputSchema,
  type CommentInputSchema,
  type DeclineInputSchema,
  type ReturnInputSchema,
} from '../absences.contract';
import { leaveMessages, type AbsenceStatus } from '../leave.contract';
import { cancelOutcome, decide, type Decision } from '../leave.policy';
import { daysInclusive, requestDeduction } from '../leave-rules';
import { amountText, MAX_ABSENCE_DAYS, shownDate } from './absences-checks';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { describeAbsence, publishAbsenceChange, tellApprovers, tellPerson, type AbsenceFacts } from './absences-notify';
import {
  findAbsencePerson,
  findAbsenceRow,
  findLiveAbsencesMeeting,
  findPeriodById,
  insertAbsenceEvent,
  updateAbsence,
  type AbsencePerson,
  type AbsenceRow,
} from './absences.queries';
import { actorName, detailFor, nameOf, type AbsenceCaller } from './absences.service';
import { ABSENCE_DECIDE } from './leave.todos';
import { absenceScopeReads, absenceScopeWrites } from './absences-view';
import { mayApprove } from '../../../server/approvals/approval-chain.queries';
import { ABSENCE_APPROVALS } from './leave.approvals';
import { ensurePeriodFor, ensureValue, leaveContext, logValueChange, personBankHolidays } from './balances';
import { createReturnToWorkItem } from './return-to-work';
type Loaded = { row: AbsenceRow; person: AbsencePerson; facts: AbsenceFacts; isPerson: boolean; approver: boolean; mayBook: boolean };

/** The absence locked, its person, and what the caller may do with it; a 404 across companies, a 403 out of sight. */
async function load(trx: Trx, session: Session, companyId: string, id: string): Promise<Loaded> {
  const row = await findAbsenceRow(trx, { companyId, id, lock: true });
  if (!row) throw AppError.notFound();
  const person = await findAbsencePerson(trx, { companyId, userId: row.user_id });
  if (!person) throw AppError.notFound();
  const subject = { userId: person.id, companyId, departmentIds: person.department_ids, rank: person.rank };
  const isPerson = person.id === session.userId;
  const approver = await mayApprove(trx, ABSENCE_APPROVALS, session, person.id);
  const mayBook = absenceScopeWrites(session, 'POST', subject);
  if (!isPerson && !approver && !absenceScopeReads(session, subject)) throw AppError.forbidden();
  const facts: AbsenceFacts = {
    companyId,
    absenceId: row.id,
    userId: person.id,
    personName: nameOf(person),
    leaveTypeName: row.leave_type_name,
    startDate: row.start_date,
    endDate: row.end_date,
    deduction: row.deduction,
    unit: row.deduction_unit,
    deducted: row.deducted,
  };
  return { row, person, facts, isPerson, approver, mayBook };
}

/** Moves the balance for a decision on a deducted absence: 'deduct' takes the days, 'refund' gives them back. */
async function moveBalance(
  trx: Trx,
  loaded: Loaded,
  balance: Decision['balance'],
  actorId: string,
  previous: AbsenceStatus,
): Promise<void> {
  const { row, facts } = loaded;
  if (!balance || !row.deducted || row.deduction <= 0) return;
  // Only what was taken is given back: a pending request never moved the balance.
  if (balance === 'refund' && previous === 'pending') return;
  const period =
    (row.period_id ? await findPeriodById(trx, { companyId: row.company_id, id: row.period_id }) : undefined) ??
    (await ensurePeriodFor(trx, { companyId: row.company_id, userId: row.user_id, date: row.start_date, actorId }));
  if (!period) return;
  const value = await ensureValue(trx, { companyId: row.company_id, period, leaveTypeId: row.leave_type_id, unit: period.unit });
  await logValueChange(trx, {
    companyId: row.company_id,
    valueId: value.id,
    userId: row.user_id,
    change: balance === 'deduct' ? -row.deduction : row.deduction,
    kind: balance === 'deduct' ? 'absence' : 'absence_cancelled',
    reason: `${describeAbsence(facts)} ${balance === 'deduct' ? 'approved' : 'cancelled'}`,
    absenceId: row.id,
    actorId,
  });
}

type StepResult = { detail: AbsenceDetail; mailed: number };

async function step(
  context: AbsenceCaller,
  id: string,
  fn: (trx: Trx, loaded: Loaded, companyId: string) => Promise<number>,
): Promise<AbsenceDetail> {
  const companyId = requireCompany(context.session, 'not_found');
  const result: StepResult = await withTenant(context.db, companyId, async (trx) => {
    const loaded = await load(trx, context.session, companyId, id);
    const mailed = await fn(trx, loaded, companyId);
    await publishAbsenceChange(trx, companyId);
    return { detail: await detailFor(trx, context, companyId, id), mailed };
  });
  if (result.mailed > 0) context.mail.wake();
  return result.detail;
}

/** Approve or decline, with the checks every decision shares. */
async function decideOn(
  trx: Trx,
  context: AbsenceCaller,
  loaded: Loaded,
  action: 'approve' | 'decline',
  note: string | null,
): Promise<number> {
  const { session } = context;
  const { row, facts } = loaded;
  // Their own absence: mayApprove allowed it only where the chain lets them decide their own.
  if (loaded.isPerson && !loaded.approver) throw AppError.forbidden(leaveMessages.cannotApproveOwn);
  if (!loaded.approver) throw AppError.forbidden(leaveMessages.notApprover);
  const decision = decide(row.status, action);
  if (!decision) throw new AppError('conflict', { message: leaveMessages.notPending });
  const wasCancellation = row.status === 'cancellation_requested';
  await updateAbsence(trx, {
    companyId: row.company_id,
    id: row.id,
    values: {
      status: decision.status,
      decided_by: session.userId,
      ...(action === 'decline' && !wasCancellation ? { decline_reason: note } : {}),
    },
    decided: true,
  });
  // The approvers' "please approve" to-dos are done, whoever decided.
  await resolveTodos(trx, { companyId: row.company_id, kind: ABSENCE_DECIDE.kind, subject: todoSubject('absence_request', row.id) });
  await moveBalance(trx, loaded, decision.balance, session.userId, row.status);
  const event = wasCancellation
    ? action === 'approve'
      ? 'cancellation_approved'
      : 'cancellation_declined'
    : action === 'approve'
      ? 'approved'
      : 'declined';
  await insertAbsenceEvent(trx, { companyId: row.company_id, absenceId: row.id, actorId: session.userId, action: event, note });
  const what = describeAbsence(facts);
  const text = wasCancellation
    ? action === 'approve'
      ? `Your request to cancel ${what} was approved.`
      : `Your request to cancel ${what} was declined${note ? `: ${note}` : '.'}`
    : action === 'approve'
      ? `Your ${what} was approved.`
      : `Your ${what} was declined: ${note ?? ''}`;
  await tellPerson(trx, facts, { text, actorId: session.userId });
  return 0;
}

export function approveAbsence(context: AbsenceCaller, id: string, body: v.InferOutput<typeof ApproveInputSchema>): Promise<AbsenceDetail> {
  return step(context, id, (trx, loaded) => decideOn(trx, context, loaded, 'approve', body.note));
}

export function declineAbsence(context: AbsenceCaller, id: string, body: v.InferOutput<typeof DeclineInputSchema>): Promise<AbsenceDetail> {
  return step(context, id, (trx, loaded) => decideOn(trx, context, loaded, 'decline', body.reason));
}

export function cancelAbsence(context: AbsenceCaller, id: string, body: v.InferOutput<typeof CancelInputSchema>): Promise<AbsenceDetail> {
  const { session } = context;
  return step(context, id, async (trx, loaded) => {
    const { row, facts } = loaded;
    const started = row.start_date <= londonDate(new Date());
    const outcome = cancelOutcome({
      status: row.status,
      started,
      actor: { isPerson: loaded.isPerson, mayBook: loaded.mayBook, mayApprove: loaded.approver },
    });
    if (!outcome) throw new AppError('conflict', { message: leaveMessages.cannotCancel });
    await updateAbsence(trx, {
      companyId: row.company_id,
      id: row.id,
      values: {
        status: outcome.status,
        cancel_reason: body.reason,
        ...(outcome.status === 'cancelled' && loaded.approver && !loaded.isPerson ? { decided_by: session.userId } : {}),
      },
      decided: outcome.status === 'cancelled' && loaded.approver && !loaded.isPerson,
    });
    // Nothing left to approve as it was asked (a cancellation request asks afresh below).
    await resolveTodos(trx, { companyId: row.company_id, kind: ABSENCE_DECIDE.kind, subject: todoSubject('absence_request', row.id) });
    await moveBalance(trx, loaded, outcome.balance, session.userId, row.status);
    const action = outcome.status === 'cancellation_requested' ? 'cancellation_requested' : 'cancelled';
    await insertAbsenceEvent(trx, { companyId: row.company_id, absenceId: row.id, actorId: session.userId, action, note: body.reason });
    const what = describeAbsence(facts);
    const because = body.reason ? `: ${body.reason}` : '.';
    if (outcome.status === 'cancellation_requested') {
      return tellApprovers(trx, facts, {
        text: `${facts.personName} has asked to cancel ${what}${because} Please approve or decline the cancellation.`,
        subject: `Cancellation request from ${facts.personName}`,
        todo: true,
        actorId: session.userId,
      });
    }
    if (loaded.isPerson) {
      await tellApprovers(trx, facts, {
        text: `${facts.personName} has cancelled ${what}${because}`,
        subject: '',
        todo: false,
        actorId: session.userId,
      });
    } else {
      await tellPerson(trx, facts, { text: `Your ${what} was cancelled${because}`, actorId: session.userId });
    }
    return 0;
  });
}

export function commentOnAbsence(
  context: AbsenceCaller,
  id: string,
  body: v.InferOutput<typeof CommentInputSchema>,
): Promise<AbsenceDetail> {
  const { session } = context;
  return step(context, id, async (trx, loaded) => {
    const { row, facts } = loaded;
    await insertAbsenceEvent(trx, {
      companyId: row.company_id,
      absenceId: row.id,
      actorId: session.userId,
      action: 'comment',
      note: body.body,
    });
    const what = describeAbsence(facts);
    if (loaded.isPerson) {
      await tellApprovers(trx, facts, {
        text: `${facts.personName} commented on ${what}: ${body.body}`,
        subject: '',
        todo: false,
        actorId: session.userId,
      });
    } else {
      const byName = await actorName(trx, row.company_id, session.userId);
      await tellPerson(trx, facts, { text: `${byName} commented on your ${what}: ${body.body}`, actorId: session.userId });
    }
    return 0;
  });
}

/**
 * The person is back from sickness: the absence ends the day before `returned_on` (its
 * working days counted again), and the return-to-work item is created.
 */
export function recordReturn(context: AbsenceCaller, id: string, body: v.InferOutput<typeof ReturnInputSchema>): Promise<AbsenceDetail> {
  const { session } = context;
  return step(context, id, async (trx, loaded) => {
    const { row, facts, person } = loaded;
    if (row.leave_type_key !== 'sickness') throw new AppError('conflict', { message: leaveMessages.notSickness });
    if (!loaded.isPerson && !loaded.mayBook && !loaded.approver) throw AppError.forbidden();
    if (row.status !== 'approved' && row.status !== 'cancellation_requested')
      throw new AppError('conflict', { message: leaveMessages.absenceClosed });
    if (row.returned_on !== null) throw new AppError('conflict', { message: leaveMessages.alreadyReturned });
    if (body.returned_on < row.start_date) throw AppError.validation({ returned_on: [leaveMessages.returnBeforeStart] });
    const lastDay = body.returned_on > row.start_date ? addDays(body.returned_on, -1) : row.start_date;
    if (daysInclusive(row.start_date, lastDay) > MAX_ABSENCE_DAYS) throw AppError.validation({ returned_on: [leaveMessages.tooLong] });
    const clash = await findLiveAbsencesMeeting(trx, {
      companyId: row.company_id,
      userId: person.id,
      from: row.start_date,
      to: lastDay,
      excludeId: row.id,
    });
    const [other] = clash;
    if (other) {
      throw AppError.validation({
        returned_on: [leaveMessages.overlap(shownDate(other.start_date), other.end_date ? shownDate(other.end_date) : 'open-ended')],
      });
    }
    const personContext = await leaveContext(trx, { companyId: row.company_id, userId: person.id, date: row.start_date });
    const deduction = requestDeduction({
      start_date: row.start_date,
      end_date: lastDay,
      duration_type: row.duration_type,
      half_day_part: row.half_day_part,
      hours: row.hours,
      unit: row.deduction_unit,
      week: personContext.week,
      bankHolidays: await personBankHolidays(trx, {
        companyId: row.company_id,
        region: personContext.region,
        from: row.start_date,
        to: lastDay,
      }),
    });
    await updateAbsence(trx, {
      companyId: row.company_id,
      id: row.id,
      values: { end_date: lastDay, returned_on: body.returned_on, deduction: deduction.total },
    });
    await insertAbsenceEvent(trx, {
      companyId: row.company_id,
      absenceId: row.id,
      actorId: session.userId,
      action: 'returned',
      note: `Back at work on ${shownDate(body.returned_on)}`,
    });
    const itemId = await createReturnToWorkItem(trx, {
      companyId: row.company_id,
      absenceId: row.id,
      userId: person.id,
      firstDay: row.start_date,
      lastDay,
      actorId: session.userId,
    });
    const text = `${facts.personName} is back at work on ${shownDate(body.returned_on)} after sickness (${amountText(deduction.total, row.deduction_unit)} off).`;
    await tellApprovers(trx, { ...facts, endDate: lastDay }, { text, subject: '', todo: false, actorId: session.userId });
    // The return-to-work item e-mails the person.
    return itemId ? 1 : 0;
  });
}

// ---- Bulk approval ---------------------------------------------------------------------------

/** Approves every id or none: the first refusal rolls all back and names the absence. */
export async function bulkApprove(context: AbsenceCaller, ids: string[]): Promise<number> {
  const companyId = requireCompany(context.session, 'not_found');
  await withTenant(context.db, companyId, async (trx) => {
    for (const id of [...new Set(ids)]) {
      try {
        const loaded = await load(trx, context.session, companyId, id);
        await decideOn(trx, context, loaded, 'approve', null);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.code === 'notFound') {
          throw new AppError('validation', { fieldErrors: { 'data.ids': [leaveMessages.unknown] }, payload: { id } });
        }
        // Out of sight is, for an approver's bulk action, not theirs to approve.
        const message =
          error.code === 'forbidden' && error.message === new AppError('forbidden').message ? leaveMessages.notApprover : error.message;
        throw new AppError(error.code, { message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}), payload: { id } });
      }
    }
    await publishAbsenceChange(trx, companyId);
  });
  return new Set(ids).size;
}
