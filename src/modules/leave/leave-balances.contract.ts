// Balances: the policy template a person is on, their leave years (periods) with a logged
// value per leave type, and the log of changes.
import * as v from 'valibot';
import { fieldMessages, numberField } from '../../shared/validators';
import { type LeaveTypeSummary } from './leave-settings.contract';
import {
  flag,
  leaveMessages,
  type LeaveUnit,
  MANUAL_LOG_KINDS,
  requiredId,
  requiredLines,
  steps,
  uuidParam,
  type ValueLogKind,
} from './leave.contract';

export type UserAbsencePolicy = { user_id: string; template_id: string | null; template_name: string | null };
export const UserAbsencePolicyInputSchema = v.object({ template_id: requiredId });

// ---- Periods, values and logs ------------------------------------------------------------

export type PeriodValue = {
  id: string;
  period_id: string;
  user_id: string;
  leave_type: LeaveTypeSummary;
  unit: LeaveUnit;
  /** The year's allowance after pro-rata, service and bank holidays (display). */
  entitlement: number;
  carried_over: number;
  carry_over_expires_on: string | null;
  /** Leave sickness prevented, carried under WTR reg 13(10) beside the policy's carry-over, soonest expiry first. */
  sickness_carry_overs: SicknessCarryOverLine[];
  /** Sum of the logs: entitlement, carry-over, adjustments, accruals, minus approved absences. */
  balance: number;
  /** Deductions of requests still pending. */
  pending: number;
  /** Bank holidays on working days taken from the allowance (policies that include them), as a positive amount. */
  bank_holidays: number;
  /** Administrators' adjustments, hours-worked accruals and expired carry-over, summed. */
  adjusted: number;
  /** balance − pending: what a new request may use. */
  available: number;
  /** Approved deductions of absences already started (taken) and still ahead (booked). */
  taken: number;
  booked: number;
};
/** One line of leave carried because sickness prevented it: the leave year it arose in, usable until 18 months after that year. */
export type SicknessCarryOverLine = { amount: number; arose_start: string; arose_end: string; expires_on: string; expired: boolean };

/** What the person's holiday is paid at, on their current leave year (hours only: pay itself is for payroll). */
export type HolidayPaySummary = {
  /** WTR reg 16 with ERA 1996 ss. 221–224: average weekly hours over the last 52 weeks worked (rota and paid overtime). */
  reference: {
    average_weekly_hours: number | null;
    weeks_counted: number;
    total_hours: number;
    from: string | null;
    to: string;
  };
  /** WTR reg 16A: 12.07% of the pay for hours worked, when the company chose rolled-up pay and the person's leave accrues from hours worked. */
  rolled_up: { hours_worked: number; holiday_pay_hours: number } | null;
};

export type AbsencePeriod = {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  unit: LeaveUnit;
  template_id: string | null;
  template_name: string | null;
  is_current: boolean;
  values: PeriodValue[];
  /** On the current leave year when asked for alone (current_only): null on the others. */
  holiday_pay: HolidayPaySummary | null;
};
/** `grouped=1`: the same values gathered by leave type, newest period first. */
export type PeriodGroup = {
  leave_type: LeaveTypeSummary;
  values: (PeriodValue & { period_start: string; period_end: string })[];
};
/** user-absence-period (user_id, current_only, grouped). */
export const PeriodQuerySchema = v.object({ user_id: uuidParam, current_only: flag, grouped: flag });

export type ValueLog = {
  id: string;
  value_id: string;
  change: number;
  kind: ValueLogKind;
  reason: string;
  hours_worked: number | null;
  absence_id: string | null;
  actor_name: string | null;
  created_at: string;
};
export const ValueLogQuerySchema = v.object({ value_id: uuidParam });
/** POST /api/user-absence-period-value-log: an administrator's adjustment, or hours worked (12.07% accrual). */
export const ValueLogInputSchema = v.pipe(
  v.object({
    value_id: requiredId,
    kind: v.optional(v.picklist(MANUAL_LOG_KINDS, leaveMessages.unknown), 'adjustment'),
    change: v.optional(v.pipe(numberField({ min: -1000, max: 1000 }), steps(4, leaveMessages.quarterHours)), 0),
    hours_worked: v.optional(v.nullable(v.pipe(numberField({ min: 0, max: 1000 }), steps(4, leaveMessages.quarterHours))), null),
    reason: requiredLines(500),
  }),
  v.forward(
    v.check((input) => input.kind !== 'hours_worked' || (input.hours_worked ?? 0) > 0, leaveMessages.hoursRequired),
    ['hours_worked'],
  ),
  v.forward(
    v.check((input) => input.kind !== 'adjustment' || input.change !== 0, fieldMessages.required),
    ['change'],
  ),
);
export type ValueLogInput = v.InferInput<typeof ValueLogInputSchema>;

/** POST /api/create-new-period: opens the leave year after the person's latest, with carry-over. */
export const CreateNewPeriodInputSchema = v.object({ user_id: requiredId });
