// The leave-year writes an administrator makes on a person's balances: opening the next leave
// year with its carry-over, changing the person's policy (the current year's annual-leave
// grant is re-computed and the difference logged), and logging an adjustment or hours worked.
import type { Trx } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate } from '../../../shared/dates';
import { type ValueLogInput } from '../leave-balances.contract';
import { leaveMessages } from '../leave.contract';
import { roundUpFor } from '../leave-rules';
import { accruedToDate, irregularHoursAccrual } from '../accrual-rules';
import {
  annualEntitlement,
  ensurePeriodFor,
  leaveContext,
  logValueChange,
  openPeriod,
  type PeriodRow,
  type PolicyTemplateRow,
} from './balances';
import {
  findLeaveTypeIdByKey,
  findPeriodOn,
  findPeriodContaining,
  findTemplate,
  findValue,
  sumLogs,
  updateValueFields,
} from './balances.queries';
import { findUserPolicy, findValueForWrite, saveUserPolicy, setPeriodTemplate } from './balances-read.queries';
import { findDefaultTemplateId } from './leave-demo.queries';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
const amount = (value: number, unit: 'days' | 'hours') => `${value} ${unit}`;

/**
 * Opens the leave year after the person's current one (the one containing today), carrying
 * over the unused annual leave; 409 when it is already open, 422 without a policy.
 */
export async function createNextPeriod(
  trx: Trx,
  input: { companyId: string; userId: string; actorId: string; today?: string },
): Promise<PeriodRow> {
  const today = input.today ?? londonDate(new Date());
  const current = await ensurePeriodFor(trx, { companyId: input.companyId, userId: input.userId, date: today, actorId: input.actorId });
  if (!current) throw AppError.validation({ user_id: [leaveMessages.noPolicy] });
  const nextStart = addDays(current.end_date, 1);
  if (await findPeriodOn(trx, { companyId: input.companyId, userId: input.userId, edge: 'start_date', date: nextStart })) {
    throw new AppError('conflict', { message: leaveMessages.periodExists });
  }
  const context = await leaveContext(trx, { companyId: input.companyId, userId: input.userId, date: nextStart });
  if (!context.template) throw AppError.validation({ user_id: [leaveMessages.noPolicy] });
  const period = await openPeriod(trx, { context, template: context.template, year: context.year, actorId: input.actorId, today });
  if (!period) throw new AppError('conflict', { message: leaveMessages.periodExists });
  return period;
}

/** What a template grants a person's annual-leave value in a year by `today`: the amount the entitlement and accrual logs should sum to. */
async function grantUnder(
  trx: Trx,
  input: { companyId: string; userId: string; template: PolicyTemplateRow; period: PeriodRow; today: string },
) {
  // The pattern as ensurePeriodFor reads it: on the day, within the year.
  const date = input.today >= input.period.start_date && input.today <= input.period.end_date ? input.today : input.period.start_date;
  const context = await leaveContext(trx, { companyId: input.companyId, userId: input.userId, date });
  const year = { start_date: input.period.start_date, end_date: input.period.end_date };
  if (input.template.accrual === 'hours_worked') return { entitlement: 0, grant: 0 };
  const result = await annualEntitlement(trx, context, input.template, year);
  const net = result.entitlement - (input.template.bank_holidays === 'included' ? result.bank_holiday_deduction : 0);
  if (input.template.accrual === 'monthly') {
    const entitlement = Math.max(0, net);
    return { entitlement, grant: accruedToDate(entitlement, input.template.unit, year, input.today) };
  }
  return { entitlement: result.entitlement, grant: net };
}

/**
 * Assigns `templateId` to the person. Their current leave year then follows it: its
 * annual-leave grant is re-computed and the difference logged as 'entitlement' naming both
 * policies. A year in another unit (days ↔ hours) keeps its unit; the new one applies from the next.
 */
export async function changeUserTemplate(
  trx: Trx,
  input: { companyId: string; userId: string; templateId: string; actorId: string; today?: string },
): Promise<{ changed: boolean }> {
  const today = input.today ?? londonDate(new Date());
  const template = await findTemplate(trx, { companyId: input.companyId, id: input.templateId });
  if (!template) throw AppError.validation({ template_id: [leaveMessages.unknown] });
  const before = await findUserPolicy(trx, input);
  if (before.template_id === template.id) return { changed: false };
  await saveUserPolicy(trx, input);
  const period = await findPeriodContaining(trx, { companyId: input.companyId, userId: input.userId, date: today });
  if (!period) {
    await ensurePeriodFor(trx, { companyId: input.companyId, userId: input.userId, date: today, actorId: input.actorId });
    return { changed: true };
  }
  if (period.unit !== template.unit) return { changed: true };
  await setPeriodTemplate(trx, { periodId: period.id, templateId: template.id });
  const annualLeaveId = await findLeaveTypeIdByKey(trx, { companyId: input.companyId, key: 'annual_leave' });
  const value = annualLeaveId
    ? await findValue(trx, { companyId: input.companyId, periodId: period.id, leaveTypeId: annualLeaveId })
    : null;
  if (!value) return { changed: true };
  const granted = await sumLogs(trx, { valueId: value.id, kinds: ['entitlement', 'bank_holidays', 'accrual'] });
  const next = await grantUnder(trx, { companyId: input.companyId, userId: input.userId, template, period, today });
  await updateValueFields(trx, { id: value.id, entitlement: next.entitlement });
  const difference = Math.round((next.grant - granted) * 100) / 100;
  if (difference !== 0) {
    await logValueChange(trx, {
      companyId: input.companyId,
      valueId: value.id,
      userId: input.userId,
      change: difference,
      kind: 'entitlement',
      reason: `Policy changed from ${before.template_name ?? 'none'} to ${template.name}: ${amount(granted, value.unit)} → ${amount(next.grant, value.unit)} for ${shown(period.start_date)} to ${shown(period.end_date)}`,
      actorId: input.actorId,
    });
  }
  return { changed: true };
}

/**
 * An administrator's log on a value: an adjustment moves the balance by `change`; hours
 * worked (only under a 12.07% accrual policy) add 12.07% of them, in the value's unit.
 */
export async function logManualChange(
  trx: Trx,
  input: {
    companyId: string;
    actorId: string;
    body: Required<Pick<ValueLogInput, 'value_id' | 'reason'>> & {
      kind: 'adjustment' | 'hours_worked';
      change: number;
      hours_worked: number | null;
    };
  },
): Promise<{ valueId: string; userId: string }> {
  const { body } = input;
  const value = await findValueForWrite(trx, { companyId: input.companyId, id: body.value_id });
  if (!value) throw AppError.validation({ value_id: [leaveMessages.unknown] });
  if (body.kind === 'adjustment') {
    await logValueChange(trx, {
      companyId: input.companyId,
      valueId: value.id,
      userId: value.user_id,
      change: body.change,
      kind: 'adjustment',
      reason: body.reason,
      actorId: input.actorId,
    });
    return { valueId: value.id, userId: value.user_id };
  }
  const template = value.template_id ? await findTemplate(trx, { companyId: input.companyId, id: value.template_id }) : null;
  if (template?.accrual !== 'hours_worked') throw AppError.validation({ kind: [leaveMessages.hoursWorkedNeedsAccrual] });
  const hours = body.hours_worked ?? 0;
  const accruedHours = irregularHoursAccrual(hours);
  // A days-based policy counts the hours in its full-time day.
  const change =
    value.unit === 'hours'
      ? accruedHours
      : roundUpFor('days', accruedHours / (template.full_time_hours_per_week / template.full_time_days_per_week));
  await logValueChange(trx, {
    companyId: input.companyId,
    valueId: value.id,
    userId: value.user_id,
    change,
    kind: 'hours_worked',
    reason: `${body.reason} (12.07% of ${hours} hours worked)`,
    actorId: input.actorId,
    hoursWorked: hours,
  });
  return { valueId: value.id, userId: value.user_id };
}

/**
 * A person just added to the company gets its default absence policy (the template marked
 * default, else the oldest), and with it their current leave year, pro-rata from their start
 * date. A company with no template leaves them without one, as before.
 */
export async function assignDefaultPolicy(trx: Trx, person: { companyId: string; userId: string; actorId: string }): Promise<void> {
  const templateId = await findDefaultTemplateId(trx, person.companyId);
  if (!templateId) return;
  const current = await findUserPolicy(trx, person);
  if (current.template_id) return;
  await changeUserTemplate(trx, { ...person, templateId });
}
