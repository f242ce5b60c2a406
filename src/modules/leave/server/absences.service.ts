// The first write of an absence: a request, a sickness report, or a booking by a manager (the
// steps after it are in absence-steps.service.ts). Each write runs in one tenant transaction,
// writes a history event, moves the balance through logValueChange when a deducted absence is
// approved or given back, notifies and publishes; the person's row lock keeps two requests of
// one person from passing the overlap and balance checks together.
import type * as v from 'valibot';
import { withTenant, type Trx } from '../../../server/db/database';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { requireCompany } from '../../../server/plugins/request-context';
import { AppError } from '../../../shared/app-error';
import { londonDate } from '../../../shared/dates';
import { type AbsenceDetail, type CreateAbsenceInputSchema } from '../absences.contract';
import { leaveMessages } from '../leave.contract';
import { initialStatus } from '../leave.policy';
import { assessAbsence } from './absences-checks';
import { describeAbsence, publishAbsenceChange, tellApprovers, tellPerson, type AbsenceFacts } from './absences-notify';
import { findAbsenceView } from './absences-read.queries';
import { findAbsenceLeaveType, findAbsencePerson, insertAbsence, insertAbsenceEvent, insertMedicalDetail } from './absences.queries';
import { absenceScopeWrites, medicalGateCovers, readerOf, toAbsenceDetail } from './absences-view';
import { mayApprove } from '../../../server/approvals/approval-chain.queries';
import { ABSENCE_APPROVALS } from './leave.approvals';
import { logValueChange } from './balances';
import { createReturnToWorkItem } from './return-to-work';
import type { LeaveCaller } from './settings-access';

/** Who writes an absence, and the outbox to wake once e-mail it enqueued is committed. */
export type AbsenceCaller = LeaveCaller & { mail: Pick<MailDispatcher, 'wake'> };

export const nameOf = (person: { first_name: string; surname: string }) => `${person.first_name} ${person.surname}`;

/** The detail as the caller sees it after a write. */
export async function detailFor(trx: Trx, context: AbsenceCaller, companyId: string, id: string): Promise<AbsenceDetail> {
  // Whoever booked or acted on it was allowed to see it (checked before the write).
  const row = await findAbsenceView(trx, readerOf(context.session, companyId, 'company'), id);
  if (row === undefined || row === 'forbidden') throw AppError.notFound();
  return toAbsenceDetail(trx, { caller: context, companyId, row });
}

// ---- Create ------------------------------------------------------------------------------

export async function createAbsence(context: AbsenceCaller, body: v.InferOutput<typeof CreateAbsenceInputSchema>): Promise<AbsenceDetail> {
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
    const approver = await mayApprove(trx, ABSENCE_APPROVALS, session, person.id);
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
  if (result.mailed > 0) context.mail.wake();
  return result.detail;
}

export async function actorName(trx: Trx, companyId: string, userId: string): Promise<string> {
  const actor = await findAbsencePerson(trx, { companyId, userId });
  return actor ? nameOf(actor) : 'Someone';
}
