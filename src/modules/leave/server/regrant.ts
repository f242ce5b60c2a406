// Re-working a leave year's annual-leave grant after what it was worked out from changes: the
// person's policy (periods.ts) or their working pattern (re-pro-rated from the day the new
// pattern starts, the part of the year before it at the old pattern). The difference is
// logged as its own lines — the entitlement's, and the bank holidays' when the policy takes
// them from the allowance — so the breakdown shown (entitlement less bank holidays plus
// adjustments less leave) keeps adding up to the balance.
import type { Trx } from '../../../server/db/database';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import type { WorkingPatternChanged } from '../../../server/server-module';
import { accruedToDate } from '../accrual-rules';
import { entitlementPolicyOf, proRataEntitlement, roundUpFor, type LeaveYear, type WeekHours } from '../leave-rules';
import { leaveContext, logValueChange, personBankHolidays, type PeriodRow, type PolicyTemplateRow, type ValueRow } from './balances';
import {
  findLeaveTypeIdByKey,
  findPeriodContaining,
  findTemplate,
  findValue,
  findWorkingWeek,
  sumLogs,
  updateValueFields,
} from './balances.queries';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
const amount = (value: number, unit: 'days' | 'hours') => `${value} ${unit}`;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A year's annual-leave grant: the entitlement and the bank holidays taken from it (0 when on top). */
export type Grant = { entitlement: number; bankHolidays: number };

/**
 * Logs what moves the value from what its logs granted to `next`: upfront, the entitlement's
 * difference ('entitlement') and the bank holidays' ('bank_holidays'); monthly accrual, the
 * net accrued by `today` ('entitlement'). Returns the grant before and after, net.
 */
export async function logRegrant(
  trx: Trx,
  input: {
    companyId: string;
    userId: string;
    value: ValueRow;
    template: PolicyTemplateRow;
    period: PeriodRow;
    next: Grant;
    reason: (before: number, after: number) => string;
    actorId: string | null;
    today: string;
  },
): Promise<void> {
  const { value, template, period, next } = input;
  const base = { companyId: input.companyId, valueId: value.id, userId: input.userId, actorId: input.actorId };
  if (template.accrual === 'monthly') {
    const year = { start_date: period.start_date, end_date: period.end_date };
    const net = Math.max(0, next.entitlement - next.bankHolidays);
    const granted = await sumLogs(trx, { valueId: value.id, kinds: ['entitlement', 'bank_holidays', 'accrual'] });
    const grant = accruedToDate(net, template.unit, year, input.today);
    await updateValueFields(trx, { id: value.id, entitlement: net });
    const difference = round2(grant - granted);
    if (difference !== 0)
      await logValueChange(trx, { ...base, change: difference, kind: 'entitlement', reason: input.reason(granted, grant) });
    return;
  }
  const entitled = await sumLogs(trx, { valueId: value.id, kinds: ['entitlement'] });
  const bankHolidays = -(await sumLogs(trx, { valueId: value.id, kinds: ['bank_holidays'] }));
  await updateValueFields(trx, { id: value.id, entitlement: next.entitlement });
  const entitlementChange = round2(next.entitlement - entitled);
  if (entitlementChange !== 0) {
    await logValueChange(trx, {
      ...base,
      change: entitlementChange,
      kind: 'entitlement',
      reason: input.reason(entitled, next.entitlement),
    });
  }
  const bankHolidayChange = round2(bankHolidays - next.bankHolidays);
  if (bankHolidayChange !== 0) {
    await logValueChange(trx, {
      ...base,
      change: bankHolidayChange,
      kind: 'bank_holidays',
      reason: `Bank holidays on working days: ${amount(bankHolidays, value.unit)} → ${amount(next.bankHolidays, value.unit)}`,
    });
  }
}

/**
 * The grant of `year` under `template` when the week changes from `before` to `after` on
 * `from`: each part of the year pro rata at its own pattern, summed, then rounded up once.
 */
async function grantAcross(
  trx: Trx,
  input: {
    companyId: string;
    userId: string;
    template: PolicyTemplateRow;
    year: LeaveYear;
    from: string;
    before: WeekHours;
    after: WeekHours;
  },
): Promise<Grant> {
  const { template, year } = input;
  const context = await leaveContext(trx, { companyId: input.companyId, userId: input.userId, date: input.from });
  const bankHolidays = await personBankHolidays(trx, {
    companyId: input.companyId,
    region: context.region,
    from: year.start_date,
    to: year.end_date,
  });
  const part = (week: WeekHours, start: string | null, end: string | null) =>
    proRataEntitlement({
      ...entitlementPolicyOf(template),
      week,
      year,
      employment_start: start,
      employment_end: end,
      service_start: context.serviceStart ?? context.employmentStart,
      bankHolidays,
    });
  const employed = context.employmentStart && context.employmentStart > year.start_date ? context.employmentStart : year.start_date;
  if (input.from <= employed) {
    const whole = part(input.after, context.employmentStart, context.employmentEnd);
    return { entitlement: whole.entitlement, bankHolidays: whole.bank_holiday_deduction };
  }
  const dayBefore = addDays(input.from, -1);
  const first = part(
    input.before,
    context.employmentStart,
    context.employmentEnd && context.employmentEnd < dayBefore ? context.employmentEnd : dayBefore,
  );
  const second = part(input.after, input.from, context.employmentEnd);
  return {
    entitlement: roundUpFor(template.unit, first.unrounded + second.unrounded),
    bankHolidays: round2(first.bank_holiday_deduction + second.bank_holiday_deduction),
  };
}

/**
 * A working pattern added or changed: the leave year holding its start date re-pro-rates its
 * annual leave from that day, logged as balance lines naming the change. Years in hours worked
 * (12.07%) follow the hours logged instead and are left alone.
 */
export async function reProRateForPattern(trx: Trx, change: WorkingPatternChanged): Promise<void> {
  const { companyId, userId } = change;
  const period = await findPeriodContaining(trx, { companyId, userId, date: change.from });
  if (!period?.template_id) return;
  const template = await findTemplate(trx, { companyId, id: period.template_id });
  if (!template || template.unit !== period.unit || template.accrual === 'hours_worked') return;
  const annualLeaveId = await findLeaveTypeIdByKey(trx, { companyId, key: 'annual_leave' });
  const value = annualLeaveId ? await findValue(trx, { companyId, periodId: period.id, leaveTypeId: annualLeaveId }) : null;
  if (!value) return;
  const after = await findWorkingWeek(trx, { companyId, userId, date: change.from });
  const before = (await findWorkingWeek(trx, { companyId, userId, date: addDays(change.from, -1) })) ?? after;
  if (!after || !before) return;
  const year = { start_date: period.start_date, end_date: period.end_date };
  const next = await grantAcross(trx, { companyId, userId, template, year, from: change.from, before, after });
  await logRegrant(trx, {
    companyId,
    userId,
    value,
    template,
    period,
    next,
    reason: (was, now) =>
      `Working pattern from ${shown(change.from)}: ${amount(was, value.unit)} → ${amount(now, value.unit)} for ${shown(period.start_date)} to ${shown(period.end_date)}`,
    actorId: change.actorId,
    today: londonDate(new Date()),
  });
}
