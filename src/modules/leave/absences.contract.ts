// Absences: requests, bookings and sickness reports, the steps after them, bulk approval, and
// the suggested absence the request form shows.
import * as v from 'valibot';
import { fieldMessages, multilineTextField, numberField, searchField } from '../../shared/validators';
import type { ListResponse } from '../../shared/list';
import { type LeaveTypeSummary } from './leave-settings.contract';
import {
  ABSENCE_STATUSES,
  type AbsenceStatus,
  dateParam,
  DURATION_TYPES,
  type DurationType,
  flag,
  HALF_DAY_PARTS,
  type HalfDayPart,
  leaveMessages,
  type LeaveUnit,
  listOf,
  NEED_APPROVAL,
  nullableDate,
  nullableId,
  nullableLines,
  ordered,
  requiredDate,
  requiredId,
  requiredLines,
  SICKNESS_CATEGORIES,
  type SicknessCategory,
  steps,
  uuidParam,
} from './leave.contract';

export type PersonSummary = {
  id: string;
  first_name: string;
  surname: string;
  department_id: string | null;
  department_name: string | null;
};
/** The days an absence covers and what it deducts: what its length, pay and balances are worked out from. */
export type AbsenceSpan = {
  start_date: string;
  /** Null: an open-ended sickness absence. */
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
  deduction: number;
  deduction_unit: LeaveUnit;
};

export type Absence = AbsenceSpan & {
  id: string;
  user: PersonSummary;
  leave_type: LeaveTypeSummary;
  status: AbsenceStatus;
  notes: string | null;
  decline_reason: string | null;
  cancel_reason: string | null;
  blocked_override_reason: string | null;
  sickness_category: SicknessCategory | null;
  returned_on: string | null;
  requested_by_name: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
  /** The caller may approve or decline it now. */
  can_approve: boolean;
  /** The caller may cancel it (or ask to) now. */
  can_cancel: boolean;
  return_to_work_id: string | null;
};
export type AbsenceEvent = { id: string; action: string; note: string | null; actor_name: string | null; created_at: string };
/** Statutory Sick Pay on a sickness absence taken in whole days (statutory-sick-pay.ts). */
export type AbsenceSickPay = {
  paid_days: number;
  waiting_days: number;
  /** Pounds. */
  amount: number;
  /** The weekly rate its last paid day was paid at (pounds). */
  weekly_rate: number | null;
  /** The first day of the linked period when it began with an earlier sickness. */
  linked_from: string | null;
  /** Weeks of SSP used in the linked period by the end of this absence (28 at most). */
  weeks_used: number;
  /** The first qualifying day after the 28 weeks: SSP ends and the employee gets form SSP1. */
  maximum_reached_on: string | null;
  /** Plain sentences: why some days are unpaid, what the employer must do. */
  notes: string[];
  days: { date: string; status: string; amount: number }[];
};
/** GET /api/user-absence/{id}. `medical_detail` is present only for those the special-category gate lets see it. */
export type AbsenceDetail = Absence & { events: AbsenceEvent[]; medical_detail?: string | null; sick_pay?: AbsenceSickPay | null };

export const ABSENCE_SORTS = ['start_date', '-start_date', 'created_at', '-created_at', 'name'] as const;
/**
 * GET /api/user-absence: `status` takes statuses or `needApproval`; `show_relevant_to_me=1`
 * keeps what the caller may approve; `from`/`to` keep absences overlapping those dates.
 */
export const AbsenceListQuerySchema = v.object({
  user_id: v.optional(listOf(uuidParam)),
  department_id: v.optional(listOf(uuidParam)),
  leave_type_id: v.optional(listOf(uuidParam)),
  status: v.optional(listOf(v.picklist([...ABSENCE_STATUSES, NEED_APPROVAL], leaveMessages.unknown))),
  show_relevant_to_me: flag,
  from: v.optional(dateParam),
  to: v.optional(dateParam),
  search: searchField(),
  sort: v.optional(v.picklist(ABSENCE_SORTS, leaveMessages.unknown)),
});
export type AbsenceListQuery = v.InferOutput<typeof AbsenceListQuerySchema>;
export type AbsenceList = ListResponse<Absence>;

const absenceEntries = {
  /** The caller when not given. */
  user_id: v.optional(nullableId, null),
  leave_type_id: requiredId,
  start_date: requiredDate,
  end_date: v.optional(nullableDate, null),
  duration_type: v.optional(v.picklist(DURATION_TYPES, leaveMessages.unknown), 'days'),
  half_day_part: v.optional(v.nullable(v.picklist(HALF_DAY_PARTS, leaveMessages.halfDayPartRequired)), null),
  hours: v.optional(v.nullable(v.pipe(numberField({ min: 0.25, max: 24 }), steps(4, leaveMessages.quarterHours))), null),
  notes: v.optional(nullableLines(2000), null),
  /** A manager booking inside a blocked period says why. */
  blocked_override_reason: v.optional(nullableLines(500), null),
  sickness_category: v.optional(v.nullable(v.picklist(SICKNESS_CATEGORIES, leaveMessages.unknown)), null),
  /** Special-category; stored apart and never returned without the gate. */
  medical_detail: v.optional(nullableLines(2000), null),
};
type AbsenceShape = {
  start_date: string;
  end_date: string | null;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
};
const absenceRules = <T extends AbsenceShape>() =>
  [
    ordered<T>('start_date', 'end_date'),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'half_day' || x.end_date === null || x.end_date === x.start_date, leaveMessages.halfDayOneDay),
      ['end_date'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'hours' || x.end_date === null || x.end_date === x.start_date, leaveMessages.hoursOneDay),
      ['end_date'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'half_day' || x.half_day_part !== null, leaveMessages.halfDayPartRequired),
      ['half_day_part'] as never,
    ),
    v.forward<T, v.CheckIssue<T>, [string]>(
      v.check((x: T) => x.duration_type !== 'hours' || x.hours !== null, leaveMessages.hoursRequired),
      ['hours'] as never,
    ),
  ] as const;
const createAbsence = v.object(absenceEntries);
/** POST /api/user-absence: a request (or a sickness report, or a booking by a manager). */
export const CreateAbsenceInputSchema = v.pipe(createAbsence, ...absenceRules<v.InferOutput<typeof createAbsence>>());
export type CreateAbsenceInput = v.InferInput<typeof CreateAbsenceInputSchema>;

export const DeclineInputSchema = v.object({
  reason: v.pipe(
    v.string(leaveMessages.declineReasonRequired),
    v.trim(),
    v.nonEmpty(leaveMessages.declineReasonRequired),
    multilineTextField({ maxLength: 500 }),
  ),
});
export const ApproveInputSchema = v.object({ note: v.optional(nullableLines(500), null) });
export const CancelInputSchema = v.object({ reason: v.optional(nullableLines(500), null) });
export const CommentInputSchema = v.object({ body: requiredLines(2000) });
/** POST /api/user-absence/{id}/return: the person is back (sickness); creates the return-to-work item. */
export const ReturnInputSchema = v.object({ returned_on: requiredDate });
/** POST /api/user-absence/bulk: all or nothing. */
export const AbsenceBulkSchema = v.variant('action', [
  v.object({
    action: v.literal('approve'),
    data: v.object({ ids: v.pipe(v.array(requiredId), v.minLength(1, fieldMessages.required), v.maxLength(100, fieldMessages.maxLength)) }),
  }),
]);
export type AbsenceBulkResult = { action: 'approve'; updated: number };

// ---- Suggested absence (GET /api/user-suggested-absence/{userId}) ---------------------------

export const SuggestedAbsenceQuerySchema = v.object({
  leave_type_id: uuidParam,
  start_date: dateParam,
  end_date: v.optional(dateParam),
  duration_type: v.optional(v.picklist(DURATION_TYPES, leaveMessages.unknown)),
  half_day_part: v.optional(v.picklist(HALF_DAY_PARTS, leaveMessages.unknown)),
  hours: v.optional(v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, leaveMessages.hoursRequired), v.transform(Number))),
});
export type DeductionDay = {
  date: string;
  /** In the policy's unit; 0 on days that do not count. */
  amount: number;
  /** Why a day does not count. */
  skipped: 'non_working' | 'bank_holiday' | null;
  bank_holiday_name: string | null;
};
export type Clash = {
  absence_id: string;
  user_id: string;
  name: string;
  start_date: string;
  end_date: string | null;
  leave_type_name: string | null;
};
export type SuggestedAbsence = {
  unit: LeaveUnit;
  deduction: number;
  days: DeductionDay[];
  /** The leave type draws on an allowance. */
  deducted: boolean;
  /** Available before this request (balance − pending), and after it; null when nothing is deducted. */
  available_before: number | null;
  remaining_after: number | null;
  allow_negative: boolean;
  /** Colleagues in the person's departments off on any of those days. */
  clashes: Clash[];
  /** What the server would refuse, in its words (null when it would accept). */
  problem: string | null;
  /** A blocked period it falls in (an approver may book with a reason). */
  blocked: { id: string; name: string } | null;
  period: { id: string | null; start_date: string; end_date: string } | null;
};
