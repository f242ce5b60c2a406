// The writes of absences: a request (or sickness report, or a booking by a manager), and the
// steps after it — approve, decline, cancel, comment, return — plus the all-or-nothing bulk
// approval. Each runs in one tenant transaction, writes a history event, moves the balance
// through logValueChange when a deducted absence is approved or given back, notifies and
// publishes; the person's row lock keeps two requests of one person from passing the
// overlap and balance checks together.
import type { FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { requireCompany, type Session } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate } from '../../../shared/dates';
import {
  leaveMessages,
  type AbsenceDetail,
  type AbsenceStatus,
  type ApproveInputSchema,
  type CancelInputSchema,
  type CommentInputSchema,
  type CreateAbsenceInputSchema,
  type DeclineInputSchema,
  type ReturnInputSchema,
} from '../leave.contract';
import { cancelOutcome, decide, initialStatus, type Decision } from '../leave.policy';
import { daysInclusive, requestDeduction } from '../leave-rules';
import { amountText, assessAbsence, MAX_ABSENCE_DAYS, shownDate } from './absences-checks';
import { describeAbsence, publishAbsenceChange, tellApprovers, tellPerson, type AbsenceFacts } from './absences-notify';
import {
  findAbsencePerson,
  findAbsenceRow,
  findAbsenceView,
  findAbsenceLeaveType,
  findLiveAbsencesMeeting,
  findPeriodById,
  insertAbsence,
  insertAbsenceEvent,
  insertMedicalDetail,
  updateAbsence,
  type AbsencePerson,
  type AbsenceRow,
} from './absences.queries';
import { absenceScopeReads, absenceScopeWrites, medicalGateCovers, readerOf, toAbsenceDetail } from './absences-view';
import { approvesCompanyWide, mayApprove } from './approvers';
import { ensurePeriodFor, ensureValue, leaveContext, logValueChange, personBankHolidays } from './balances';
import { createReturnToWorkItem } from './return-to-work';

export type ServiceContext = { db: Db; request: FastifyRequest; session: Session; wakeMail: () => void };

const nameOf = (person: { first_name: string; surname: string }) => `${person.first_name} ${person.surname}`;


/** The detail as the caller sees it after a write. */
async function detailFor(trx: Trx, context: ServiceContext, companyId: string, id: string): Promise<AbsenceDetail> {
  // Whoever booked or acted on it was allowed to see it (checked before the write).
  const row = await findAbsenceView(trx, readerOf(context.session, companyId, 'company'), id);
  if (row === undefined || row === 'forbidden') throw AppError.notFound();
  return toAbsenceDetail(trx, { request: context.request, session: context.session, companyId, row });
}

// ---- Create ------------------------------------------------------------------------------

export async function createAbsence(context: ServiceContext, body: v.InferOutput<typeof CreateAbsenceInputSchema>): Promise<AbsenceDetail> {
  const { session } = context;
  const companyId = requireCompany(session, 'not_found');
  const userId = body.user_id ?? session.userId;
  const result = await withTenant(context.db, companyId, async (trx) => {
    const person = await findAbsencePerson(trx, { companyId, userId, lock: true });
    if (!person) throw AppError.notFound();
    const subject = { userId: person.id, companyId, departmentIds: person.department_ids, rank: person.rank };
    if (!absenceScopeWrites(session, 'POST', subject)) throw AppError.forbidden();
    const leaveType = await findAbsenceLeaveType(trx, { companyId, id: body.leave_type_id });
    if (!leaveType || leaveType.archived) throw AppError.validation({ leave_type_id: [leaveMessages.unknown] });
    const isSickness = leaveType.key === 'sickness';
    const medical = isSickness ? body.medical_detail : null;
    if (medical && !medicalGateCovers(session, 'PUT', subject))
      throw AppError.validation({ medical_detail: [leaveMessages.medicalNotAllowed] });

    const isPerson = person.id === session.userId;
    const approver = await mayApprove(trx, session, person.id);
    const assessment = await assessAbsence(trx, {
      companyId,
      person,
      actorId: session.userId,
      mayApprove: approver,
      absence: {
        leaveType,
        startDate: body.start_date,
        endDate: body.end_date,
        durationType: body.duration_type,
        halfDayPart: body.duration_type === 'half_day' ? body.half_day_part : null,
        hours: body.duration_type === 'hours' ? body.hours : null,
        blockedOverrideReason: body.blocked_override_reason,
      },
    });
    if (Object.keys(assessment.errors).length > 0) throw AppError.validation(assessment.errors);

    const status = initialStatus({
      isSickness,
      needsApproval: leaveType.needs_approval,
      bookedByApproverForSomeoneElse: approver && !isPerson,
    });
    const decidedBy = status === 'approved' && !isSickness && leaveType.needs_approval ? session.userId : null;
    const absenceId = await insertAbsence(trx, {
      companyId,
      userId: person.id,
      leaveTypeId: leaveType.id,
      periodId: assessment.period?.id ?? null,
      startDate: body.start_date,
      endDate: assessment.endDate,
      durationType: body.duration_type,
      halfDayPart: body.duration_type === 'half_day' ? body.half_day_part : null,
      hours: body.duration_type === 'hours' ? body.hours : null,
      deduction: assessment.deduction.total,
      deductionUnit: assessment.unit,
      status,
      notes: body.notes,
      blockedOverrideReason: assessment.blocked ? body.blocked_override_reason : null,
      sicknessCategory: isSickness ? body.sickness_category : null,
      requestedBy: session.userId,
      decidedBy,
    });
    if (medical) await insertMedicalDetail(trx, { companyId, userId: person.id, absenceId, detail: medical });

    const facts: AbsenceFacts = {
      companyId,
      absenceId,
      userId: person.id,
      personName: nameOf(person),
      leaveTypeName: leaveType.name,
      startDate: body.start_date,
      endDate: assessment.endDate,
      deduction: assessment.deduction.total,
      unit: assessment.unit,
      deducted: leaveType.deducted,
    };
    if (status === 'approved' && leaveType.deducted && assessment.value && assessment.deduction.total > 0) {
      await logValueChange(trx, {
        companyId,
        valueId: assessment.value.id,
        userId: person.id,
        change: -assessment.deduction.total,
        kind: 'absence',
        reason: `${describeAbsence(facts)} booked`,
        absenceId,
        actorId: session.userId,
      });
    }
    const action = isSickness ? 'reported' : status === 'pending' ? 'requested' : 'booked';
    const note =
      assessment.blocked && body.blocked_override_reason
        ? `Booked inside ${assessment.blocked.name}: ${body.blocked_override_reason}`
        : body.notes;
    await insertAbsenceEvent(trx, { companyId, absenceId, actorId: session.userId, action, note });
    // Sickness reported after the person is back (its last day has passed): the return to
    // work starts now rather than at the next hourly sweep.
    if (isSickness && assessment.endDate !== null && assessment.endDate < londonDate(new Date())) {
      await createReturnToWorkItem(trx, {
        companyId,
        absenceId,
        userId: person.id,
        firstDay: body.start_date,
        lastDay: assessment.endDate,
        actorId: session.userId,
      });
    }

    const what = describeAbsence(facts);
    let mailed = 0;
    if (status === 'pending') {
      mailed = await tellApprovers(trx, facts, {
        text: `${facts.personName} has asked for ${what}. Please approve or decline it.`,
        subject: `Leave request from ${facts.personName}`,
        todo: true,
        actorId: session.userId,
      });
    } else if (isPerson) {
      await tellApprovers(trx, facts, {
        text: isSickness ? `${facts.personName} has reported ${what}.` : `${facts.personName} has booked ${what}.`,
        subject: '',
        todo: false,
        actorId: session.userId,
      });
    } else {
      const byName = await actorName(trx, companyId, session.userId);
      await tellPerson(trx, facts, {
        text: isSickness ? `${byName} recorded your ${what}.` : `${byName} booked ${what} for you.`,
        actorId: session.userId,
      });
    }
    await publishAbsenceChange(trx, companyId);
    return { detail: await detailFor(trx, context, companyId, absenceId), mailed };
  });
  if (result.mailed > 0) context.wakeMail();
  return result.detail;
}

async function actorName(trx: Trx, companyId: string, userId: string): Promise<string> {
  const actor = await findAbsencePerson(trx, { companyId, userId });
  return actor ? nameOf(actor) : 'Someone';
}

// ---- Steps on an existing absence -----------------------------------------------------------

type Loaded = { row: AbsenceRow; person: AbsencePerson; facts: AbsenceFacts; isPerson: boolean; approver: boolean; mayBook: boolean };

/** The absence locked, its person, and what the caller may do with it; a 404 across companies, a 403 out of sight. */
async function load(trx: Trx, session: Session, companyId: string, id: string): Promise<Loaded> {
  const row = await findAbsenceRow(trx, { companyId, id, lock: true });
  if (!row) throw AppError.notFound();
  const person = await findAbsencePerson(trx, { companyId, userId: row.user_id });
  if (!person) throw AppError.notFound();
  const subject = { userId: person.id, companyId, departmentIds: person.department_ids, rank: person.rank };
  const isPerson = person.id === session.userId;
  const approver = await mayApprove(trx, session, person.id);
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
  context: ServiceContext,
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
  if (result.mailed > 0) context.wakeMail();
  return result.detail;
}

/** Approve or decline, with the checks every decision shares. */
async function decideOn(
  trx: Trx,
  context: ServiceContext,
  loaded: Loaded,
  action: 'approve' | 'decline',
  note: string | null,
): Promise<number> {
  const { session } = context;
  const { row, facts } = loaded;
  if (loaded.isPerson && !approvesCompanyWide(session)) throw AppError.forbidden(leaveMessages.cannotApproveOwn);
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

export function approveAbsence(
  context: ServiceContext,
  id: string,
  body: v.InferOutput<typeof ApproveInputSchema>,
): Promise<AbsenceDetail> {
  return step(context, id, (trx, loaded) => decideOn(trx, context, loaded, 'approve', body.note));
}

export function declineAbsence(
  context: ServiceContext,
  id: string,
  body: v.InferOutput<typeof DeclineInputSchema>,
): Promise<AbsenceDetail> {
  return step(context, id, (trx, loaded) => decideOn(trx, context, loaded, 'decline', body.reason));
}

export function cancelAbsence(context: ServiceContext, id: string, body: v.InferOutput<typeof CancelInputSchema>): Promise<AbsenceDetail> {
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
  context: ServiceContext,
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
export function recordReturn(context: ServiceContext, id: string, body: v.InferOutput<typeof ReturnInputSchema>): Promise<AbsenceDetail> {
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
export async function bulkApprove(context: ServiceContext, ids: string[]): Promise<number> {
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
