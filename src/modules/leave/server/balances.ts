// Balances (the policies-and-periods part owns this file): a person's leave context, their
// leave years and the logged values. Every balance change goes through logValueChange, so a
// value's balance is always the sum of its logs.
import type { Trx } from '../../../server/db/database';
import type { BankHolidayRegion, LeaveUnit, ValueLogKind } from '../leave.contract';
import type { LeaveYear, WeekHours } from '../leave-rules';
import type { AbsencePolicyTemplatesTable, UserAbsencePeriodsTable, UserAbsencePeriodValuesTable } from './leave-tables';
import type { Selectable } from 'kysely';

export type PolicyTemplateRow = Selectable<AbsencePolicyTemplatesTable>;
export type PeriodRow = Selectable<UserAbsencePeriodsTable>;
export type ValueRow = Selectable<UserAbsencePeriodValuesTable>;

/** What the arithmetic needs about a person on a date. */
export type LeaveContext = {
  userId: string;
  companyId: string;
  /** Their current working pattern, else DEFAULT_WEEK. */
  week: WeekHours;
  region: BankHolidayRegion;
  template: PolicyTemplateRow | null;
  /** The leave year (company's start) containing the date. */
  year: LeaveYear;
  employmentStart: string | null;
  employmentEnd: string | null;
};
export declare function leaveContext(trx: Trx, input: { companyId: string; userId: string; date: string }): Promise<LeaveContext>;

/**
 * The person's period containing `date`, created (with a value per deducted leave type and
 * their entitlement logs) when missing and the person has a policy; null without a policy.
 */
export declare function ensurePeriodFor(
  trx: Trx,
  input: { companyId: string; userId: string; date: string; actorId: string | null },
): Promise<PeriodRow | null>;

/** The period's value for a leave type, created at 0 when missing. */
export declare function ensureValue(
  trx: Trx,
  input: { companyId: string; period: PeriodRow; leaveTypeId: string; unit: LeaveUnit },
): Promise<ValueRow>;

/** Inserts the log and moves the value's balance by `change` in the same transaction. */
export declare function logValueChange(
  trx: Trx,
  input: {
    companyId: string;
    valueId: string;
    userId: string;
    change: number;
    kind: ValueLogKind;
    reason: string;
    absenceId?: string | null;
    actorId?: string | null;
    hoursWorked?: number | null;
  },
): Promise<void>;

/** Deductions of the person's pending requests (pending, not cancellation_requested) against a value. */
export declare function pendingAgainst(trx: Trx, input: { periodId: string; leaveTypeId: string; excludeAbsenceId?: string }): Promise<number>;
