// Balances (the policies-and-periods part owns this file): a person's leave context, their
// leave years and the logged values. Every balance change goes through logValueChange, so a
// value's balance is always the sum of its logs.
import type { Trx } from '../../../server/db/database';
import { addDays, amountInWords, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import type { BankHolidayRegion, LeaveUnit } from '../leave.contract';
import { bankHolidayMap } from '../bank-holidays';
import {
  DEFAULT_WEEK,
  hoursOn,
  leaveYearFor,
  entitlementPolicyOf,
  proRataEntitlement,
  type EntitlementResult,
  type LeaveYear,
  type WeekHours,
} from '../leave-rules';
import { accruedToDate, carryOver, carryOverExpiry } from '../accrual-rules';
import { applySicknessCarryOver } from './sickness-carry-over';
import type { AbsencePolicyTemplatesTable, UserAbsencePeriodsTable, UserAbsencePeriodValuesTable } from './leave-tables';
import type { Selectable } from 'kysely';
import {
  findAssignedTemplate,
  findCompanyBankHolidays,
  findDeductedLeaveTypes,
  findPeriodContaining,
  findPeriodOn,
  findPersonLeaveFacts,
  findValue,
  findWorkingWeek,
  insertLogAndMoveBalance,
  insertPeriod,
  sumPending,
  updateValueFields,
  upsertValue,
  type ValueLogLine,
} from './balances.queries';

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
  /** Continuous service start (else employment start), for length-of-service steps. */
  serviceStart: string | null;
  /** The company's leave-year start. */
  yearStart: { month: number; day: number };
};

const REASON_MAX = 500;
const clip = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);
const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

export async function leaveContext(trx: Trx, input: { companyId: string; userId: string; date: string }): Promise<LeaveContext> {
  const [facts, week, template] = [
    await findPersonLeaveFacts(trx, input),
    await findWorkingWeek(trx, input),
    await findAssignedTemplate(trx, input),
  ];
  const month = facts?.leave_year_start_month ?? 1;
  const day = facts?.leave_year_start_day ?? 1;
  return {
    userId: input.userId,
    companyId: input.companyId,
    week: week ?? DEFAULT_WEEK,
    region: facts?.region ?? 'england-and-wales',
    template,
    year: leaveYearFor(input.date, month, day),
    employmentStart: facts?.employment_start ?? null,
    employmentEnd: facts?.termination_date ?? null,
    serviceStart: facts?.service_start ?? null,
    yearStart: { month, day },
  };
}

/** The person's bank holidays between two dates: the shipped days of their region plus the company's own. */
export async function personBankHolidays(
  trx: Trx,
  input: { companyId: string; region: BankHolidayRegion; from: string; to: string },
): Promise<Map<string, string>> {
  const days = bankHolidayMap(input.region, input.from, input.to);
  for (const extra of await findCompanyBankHolidays(trx, input)) {
    if (!days.has(extra.date)) days.set(extra.date, extra.name);
  }
  return days;
}

export type AnnualEntitlement = EntitlementResult & {
  /** Bank holidays on working days inside the employed part of the year (the count in the log). */
  bank_holiday_count: number;
};

/** The annual-leave entitlement of a person under `template` for `year` (no writes). */
export async function annualEntitlement(
  trx: Trx,
  context: LeaveContext,
  template: PolicyTemplateRow,
  year: LeaveYear,
): Promise<AnnualEntitlement> {
  const bankHolidays = await personBankHolidays(trx, {
    companyId: context.companyId,
    region: context.region,
    from: year.start_date,
    to: year.end_date,
  });
  const result = proRataEntitlement({
    ...entitlementPolicyOf(template),
    week: context.week,
    year,
    employment_start: context.employmentStart,
    employment_end: context.employmentEnd,
    service_start: context.serviceStart ?? context.employmentStart,
    bankHolidays,
  });
  const from = context.employmentStart && context.employmentStart > year.start_date ? context.employmentStart : year.start_date;
  const to = context.employmentEnd && context.employmentEnd < year.end_date ? context.employmentEnd : year.end_date;
  let count = 0;
  for (const date of bankHolidays.keys()) {
    if (date >= from && date <= to && hoursOn(context.week, date) > 0) count += 1;
  }
  return { ...result, bank_holiday_count: count };
}

/**
 * What the annual-leave value of a new period receives: upfront, the entitlement and (when
 * included) minus the bank holidays; monthly, the net allowance accrued by `today` (the
 * hourly job tops it up); irregular hours, nothing until hours worked are logged.
 */
async function grantAnnualLeave(
  trx: Trx,
  input: { context: LeaveContext; template: PolicyTemplateRow; period: PeriodRow; value: ValueRow; actorId: string | null; today: string },
): Promise<void> {
  const { context, template, period, value, actorId } = input;
  if (template.accrual === 'hours_worked') return;
  const year = { start_date: period.start_date, end_date: period.end_date };
  const result = await annualEntitlement(trx, context, template, year);
  const base = { companyId: context.companyId, valueId: value.id, userId: context.userId, actorId };
  const bankHolidayDeduction = template.bank_holidays === 'included' ? result.bank_holiday_deduction : 0;
  if (template.accrual === 'monthly') {
    const net = Math.max(0, result.entitlement - bankHolidayDeduction);
    await updateValueFields(trx, { id: value.id, entitlement: net });
    const accrued = accruedToDate(net, template.unit, year, input.today);
    if (accrued > 0) {
      const why = [...result.explanation];
      if (bankHolidayDeduction > 0) why.push(`less bank holidays on working days (${result.bank_holiday_count})`);
      why.push(`accrued monthly: ${amountInWords(accrued, template.unit)} by ${shown(input.today)}`);
      await logValueChange(trx, { ...base, change: accrued, kind: 'accrual', reason: why.join('; ') });
    }
    return;
  }
  await updateValueFields(trx, { id: value.id, entitlement: result.entitlement });
  await logValueChange(trx, {
    ...base,
    change: result.entitlement,
    kind: 'entitlement',
    reason: result.explanation.join('; ') || `${template.name}: ${amountInWords(result.entitlement, template.unit)}`,
  });
  if (bankHolidayDeduction > 0) {
    await logValueChange(trx, {
      ...base,
      change: -bankHolidayDeduction,
      kind: 'bank_holidays',
      reason: `Bank holidays on working days (${result.bank_holiday_count})`,
    });
  }
}

/**
 * Carries the previous leave year's unused annual leave into `period` (capped by the
 * template), once: a value that already has carried days is left alone.
 */
export async function applyCarryOver(
  trx: Trx,
  input: {
    companyId: string;
    userId: string;
    previous: PeriodRow;
    period: PeriodRow;
    template: PolicyTemplateRow;
    annualLeaveTypeId: string;
    actorId: string | null;
    /** Already carried as leave sickness prevented (WTR reg 13(10)): not carried again under the policy. */
    reserved?: number;
  },
): Promise<number> {
  const { previous, period, template } = input;
  const before = await findValue(trx, { companyId: input.companyId, periodId: previous.id, leaveTypeId: input.annualLeaveTypeId });
  if (!before) return 0;
  const carried = carryOver(before.balance - (input.reserved ?? 0), template.carry_over_max, template.unit);
  if (carried <= 0) return 0;
  const value = await ensureValue(trx, { companyId: input.companyId, period, leaveTypeId: input.annualLeaveTypeId, unit: template.unit });
  if (value.carried_over > 0) return 0;
  const expires = carryOverExpiry({ start_date: period.start_date, end_date: period.end_date }, template.carry_over_expiry_months);
  await updateValueFields(trx, { id: value.id, carried_over: carried, carry_over_expires_on: expires });
  const cap = amountInWords(template.carry_over_max, template.unit);
  await logValueChange(trx, {
    companyId: input.companyId,
    valueId: value.id,
    userId: input.userId,
    change: carried,
    kind: 'carry_over',
    reason: clip(
      `Carried over from the leave year ${shown(previous.start_date)} to ${shown(previous.end_date)} (${amountInWords(before.balance, template.unit)} left, up to ${cap})` +
        (expires ? `; expires on ${shown(expires)}` : ''),
    ),
    actorId: input.actorId,
  });
  return carried;
}

/** The previous year's leave sickness prevented, carried beside the policy's carry-over (sickness-carry-over.ts). */
async function carrySickness(
  trx: Trx,
  input: { context: LeaveContext; previous: PeriodRow; period: PeriodRow; annualLeaveTypeId: string; actorId: string | null },
): Promise<number> {
  const { context, previous, period } = input;
  const before = await findValue(trx, { companyId: context.companyId, periodId: previous.id, leaveTypeId: input.annualLeaveTypeId });
  if (!before) return 0;
  const target = await ensureValue(trx, { companyId: context.companyId, period, leaveTypeId: input.annualLeaveTypeId, unit: before.unit });
  const bankHolidays = await personBankHolidays(trx, {
    companyId: context.companyId,
    region: context.region,
    from: previous.start_date,
    to: previous.end_date,
  });
  return applySicknessCarryOver(trx, {
    companyId: context.companyId,
    userId: context.userId,
    previous,
    period,
    before,
    target,
    week: context.week,
    bankHolidays,
    employment: { start: context.employmentStart, end: context.employmentEnd },
    actorId: input.actorId,
    log: logValueChange,
  });
}

/**
 * Opens the leave year `year` for the person under `template`: the period, a value per
 * deducted leave type, the annual-leave grant and, when it follows a period, the carry-over.
 * Null when another request opened it first.
 */
export async function openPeriod(
  trx: Trx,
  input: { context: LeaveContext; template: PolicyTemplateRow; year: LeaveYear; actorId: string | null; today?: string },
): Promise<PeriodRow | null> {
  const { context, template, year } = input;
  const period = await insertPeriod(trx, {
    companyId: context.companyId,
    userId: context.userId,
    templateId: template.id,
    start: year.start_date,
    end: year.end_date,
    unit: template.unit,
  });
  if (!period) return null;
  const today = input.today ?? londonDate(new Date());
  let annualLeaveTypeId: string | null = null;
  for (const type of await findDeductedLeaveTypes(trx, context.companyId)) {
    const value = await ensureValue(trx, { companyId: context.companyId, period, leaveTypeId: type.id, unit: template.unit });
    if (type.key === 'annual_leave') {
      annualLeaveTypeId = type.id;
      await grantAnnualLeave(trx, { context, template, period, value, actorId: input.actorId, today });
    }
  }
  if (annualLeaveTypeId) {
    const previous = await findPeriodOn(trx, {
      companyId: context.companyId,
      userId: context.userId,
      edge: 'end_date',
      date: addDays(year.start_date, -1),
    });
    if (previous) {
      const reserved = await carrySickness(trx, { context, previous, period, annualLeaveTypeId, actorId: input.actorId });
      await applyCarryOver(trx, {
        companyId: context.companyId,
        userId: context.userId,
        previous,
        period,
        template,
        annualLeaveTypeId,
        actorId: input.actorId,
        reserved,
      });
    }
  }
  return period;
}

/**
 * The person's period containing `date`, created (with a value per deducted leave type and
 * their entitlement logs) when missing and the person has a policy; null without a policy.
 */
export async function ensurePeriodFor(
  trx: Trx,
  input: { companyId: string; userId: string; date: string; actorId: string | null },
): Promise<PeriodRow | null> {
  const existing = await findPeriodContaining(trx, input);
  if (existing) return existing;
  const context = await leaveContext(trx, input);
  if (!context.template) return null;
  const year = context.year;
  const created = await openPeriod(trx, { context, template: context.template, year, actorId: input.actorId });
  return (
    created ?? (await findPeriodOn(trx, { companyId: input.companyId, userId: input.userId, edge: 'start_date', date: year.start_date }))
  );
}

/** The period's value for a leave type, created at 0 when missing. */
export async function ensureValue(
  trx: Trx,
  input: { companyId: string; period: PeriodRow; leaveTypeId: string; unit: LeaveUnit },
): Promise<ValueRow> {
  return upsertValue(trx, {
    companyId: input.companyId,
    userId: input.period.user_id,
    periodId: input.period.id,
    leaveTypeId: input.leaveTypeId,
    unit: input.unit,
  });
}

/** Inserts the log and moves the value's balance by `change` in the same transaction. */
export async function logValueChange(trx: Trx, input: ValueLogLine): Promise<void> {
  await insertLogAndMoveBalance(trx, {
    ...input,
    change: Math.round(input.change * 100) / 100,
    reason: clip(input.reason.trim() || input.kind),
  });
}

/** Deductions of the person's pending requests (pending, not cancellation_requested) against a value. */
export async function pendingAgainst(
  trx: Trx,
  input: { periodId: string; leaveTypeId: string; excludeAbsenceId?: string },
): Promise<number> {
  return sumPending(trx, input);
}
