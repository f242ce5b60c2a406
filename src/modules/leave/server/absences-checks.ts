// The one assessment of a prospective absence, shared by POST /api/user-absence (which
// refuses with its first problems) and GET /api/user-suggested-absence (which shows them
// before the form is sent), so the two can never disagree: the end date, the leave year,
// overlaps with the person's live absences, blocked periods, the deduction from the person's
// working pattern and bank holidays, the policy, the period and the balance.
import type { Trx } from '../../../server/db/database';
import type { FieldErrors } from '../../../shared/app-error';
import { addDays, amountInWords, DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { leaveMessages, type DurationType, type HalfDayPart, type LeaveUnit } from '../leave.contract';
import { absencesOverlap } from '../leave.policy';
import { daysInclusive, requestDeduction, type DeductionResult, type LeaveYear } from '../leave-rules';
import {
  findBlockedPeriodsMeeting,
  findLiveAbsencesMeeting,
  type AbsenceLeaveType,
  type AbsencePerson,
  type BlockedPeriod,
} from './absences.queries';
import { ensurePeriodFor, ensureValue, leaveContext, pendingAgainst, personBankHolidays, type PeriodRow, type ValueRow } from './balances';

export type ProspectiveAbsence = {
  leaveType: AbsenceLeaveType;
  startDate: string;
  endDate: string | null;
  durationType: DurationType;
  halfDayPart: HalfDayPart | null;
  hours: number | null;
  blockedOverrideReason: string | null;
};

export type Assessment = {
  /** The problems in the order they are met; empty when the absence may be booked. */
  errors: FieldErrors;
  /** The first problem's message (what the form shows). */
  problem: string | null;
  isSickness: boolean;
  /** The end date stored: the start for a half day or hours, null for an open-ended sickness. */
  endDate: string | null;
  unit: LeaveUnit;
  deduction: DeductionResult;
  year: LeaveYear;
  period: PeriodRow | null;
  value: ValueRow | null;
  /** Balance − pending before this absence; null when nothing is deducted. */
  availableBefore: number | null;
  allowNegative: boolean;
  blocked: BlockedPeriod | null;
};

/** Two years and a leap day: the longest absence booked in one go. */
export const MAX_ABSENCE_DAYS = 731;

export const shownDate = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
export const amountText = (amount: number, unit: LeaveUnit) => amountInWords(amount, unit);

/**
 * Assesses `absence` for `person` as `actor` books it. `mayApprove`: the actor may approve
 * the person (an approver, not the person, may book inside a blocked period with a reason).
 * `excludeId`: an absence being changed, left out of overlaps and pending sums.
 * Opens the person's leave year when needed (as every balance read does).
 */
export async function assessAbsence(
  trx: Trx,
  input: {
    companyId: string;
    person: AbsencePerson;
    actorId: string;
    mayApprove: boolean;
    absence: ProspectiveAbsence;
    excludeId?: string;
  },
): Promise<Assessment> {
  const { companyId, person, absence } = input;
  const errors: FieldErrors = {};
  const refuse = (field: string, message: string) => {
    if (!errors[field]) errors[field] = [message];
  };
  const isSickness = absence.leaveType.key === 'sickness';
  const singleDay = absence.durationType !== 'days';
  const endDate = singleDay ? absence.startDate : absence.endDate;
  if (endDate === null && !isSickness) refuse('end_date', leaveMessages.endRequired);
  // Beyond two years nothing real is booked in one go, and the day-by-day arithmetic stays bounded.
  const tooLong = endDate !== null && daysInclusive(absence.startDate, endDate) > MAX_ABSENCE_DAYS;
  if (tooLong) refuse('end_date', leaveMessages.tooLong);

  const context = await leaveContext(trx, { companyId, userId: person.id, date: absence.startDate });
  const deducted = absence.leaveType.deducted;
  if (deducted && endDate !== null && endDate > context.year.end_date) {
    refuse('end_date', leaveMessages.spansLeaveYears(shownDate(addDays(context.year.end_date, 1))));
  }

  const overlapping = (
    await findLiveAbsencesMeeting(trx, {
      companyId,
      userId: person.id,
      from: absence.startDate,
      to: endDate,
      ...(input.excludeId ? { excludeId: input.excludeId } : {}),
    })
  ).find((other) =>
    absencesOverlap(other, {
      start_date: absence.startDate,
      end_date: endDate,
      duration_type: absence.durationType,
      half_day_part: absence.halfDayPart,
    }),
  );
  if (overlapping) {
    refuse(
      'start_date',
      leaveMessages.overlap(shownDate(overlapping.start_date), overlapping.end_date ? shownDate(overlapping.end_date) : 'open-ended'),
    );
  }

  // Nobody chooses when they are ill: blocked periods hold back requests, not sickness.
  const [blocked] = isSickness
    ? []
    : await findBlockedPeriodsMeeting(trx, {
        companyId,
        departmentIds: person.department_ids,
        from: absence.startDate,
        to: endDate ?? absence.startDate,
      });
  if (blocked) {
    const isPerson = person.id === input.actorId;
    if (isPerson || !input.mayApprove) refuse('start_date', leaveMessages.blocked(blocked.name));
    else if (!absence.blockedOverrideReason) refuse('blocked_override_reason', leaveMessages.overrideReasonRequired);
  }

  let period: PeriodRow | null = null;
  if (deducted) {
    period = await ensurePeriodFor(trx, { companyId, userId: person.id, date: absence.startDate, actorId: input.actorId });
    if (!period) refuse('leave_type_id', leaveMessages.noPolicy);
  }
  const unit: LeaveUnit = period?.unit ?? context.template?.unit ?? 'days';
  const deduction: DeductionResult =
    endDate === null || endDate < absence.startDate || tooLong
      ? { total: 0, days: [] }
      : requestDeduction({
          start_date: absence.startDate,
          end_date: endDate,
          duration_type: absence.durationType,
          half_day_part: absence.halfDayPart,
          hours: absence.hours,
          unit,
          week: context.week,
          bankHolidays: await personBankHolidays(trx, { companyId, region: context.region, from: absence.startDate, to: endDate }),
        });
  if (deducted && endDate !== null && deduction.total <= 0) refuse('start_date', leaveMessages.nothingToDeduct);

  let value: ValueRow | null = null;
  let availableBefore: number | null = null;
  const allowNegative = context.template?.allow_negative ?? false;
  if (deducted && period) {
    value = await ensureValue(trx, { companyId, period, leaveTypeId: absence.leaveType.id, unit: period.unit });
    const pending = await pendingAgainst(trx, {
      periodId: period.id,
      leaveTypeId: absence.leaveType.id,
      ...(input.excludeId ? { excludeAbsenceId: input.excludeId } : {}),
    });
    availableBefore = Math.round((value.balance - pending) * 100) / 100;
    if (deduction.total > 0 && availableBefore - deduction.total < 0 && !allowNegative) {
      refuse('leave_type_id', leaveMessages.insufficientBalance(amountText(Math.max(0, availableBefore), unit)));
    }
  }

  const problem = Object.values(errors)[0]?.[0] ?? null;
  return {
    errors,
    problem,
    isSickness,
    endDate,
    unit,
    deduction,
    year: context.year,
    period,
    value,
    availableBefore,
    allowNegative,
    blocked: blocked ?? null,
  };
}
