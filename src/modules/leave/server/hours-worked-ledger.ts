// The leave module's `hoursWorked` offer (module-hooks.ts): a week of a person's approved
// clocked hours, fed by the time clock, accrues 12.07% of them on their annual leave when their
// policy builds leave from hours worked (WTR reg 15B, irregular-hours and part-year workers).
// One line a week, keyed by the week: approving more of the week, or an edit that sends an
// entry back for approval, adds a correcting line for the difference rather than a second copy.
import type { HoursWorkedLedger } from '../../../server/module-hooks';
import { IRREGULAR_HOURS_ACCRUAL_RATE } from '../leave-rules';
import { ensurePeriodFor, ensureValue, logValueChange } from './balances';
import { findLeaveTypeIdByKey, findTemplate } from './balances.queries';
import { sumSourceLogs } from './hours-worked.queries';

const round2 = (value: number) => Math.round(value * 100) / 100;
/** Up to the next hundredth, so what accrues is never below 12.07%. */
const upToHundredth = (value: number) => Math.ceil(Math.max(0, value) * 100 - 1e-6) / 100;

/** 12.07% of the hours, in the balance's unit: hours to the hundredth up, or days of the policy's full-time day. */
export function weekAccrual(hours: number, unit: 'days' | 'hours', fullTimeDayHours: number): number {
  const accrued = Math.max(0, hours) * IRREGULAR_HOURS_ACCRUAL_RATE;
  return upToHundredth(unit === 'hours' ? accrued : accrued / fullTimeDayHours);
}

/** "23 Nov" for a week's Monday. */
export function weekShown(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

const amountText = (amount: number, unit: 'days' | 'hours') =>
  unit === 'hours' ? `${amount} h` : `${amount} ${amount === 1 ? 'day' : 'days'}`;

export const hoursWorkedLedger: HoursWorkedLedger = {
  async recordWeek(trx, week) {
    const { companyId, userId } = week;
    const period = await ensurePeriodFor(trx, { companyId, userId, date: week.weekStart, actorId: week.actorId });
    if (!period?.template_id) return null;
    const template = await findTemplate(trx, { companyId, id: period.template_id });
    if (template?.accrual !== 'hours_worked') return null;
    const annualLeaveId = await findLeaveTypeIdByKey(trx, { companyId, key: 'annual_leave' });
    if (!annualLeaveId) return null;
    const value = await ensureValue(trx, { companyId, period, leaveTypeId: annualLeaveId, unit: period.unit });
    const sourceKey = `time-clock:week:${week.weekStart}`;
    const logged = await sumSourceLogs(trx, { companyId, valueId: value.id, sourceKey });
    const hours = round2(Math.max(0, week.hours));
    const target = weekAccrual(hours, value.unit, template.full_time_hours_per_week / template.full_time_days_per_week);
    const change = round2(target - logged.change);
    const hoursChange = round2(hours - logged.hours);
    if (change === 0 && hoursChange === 0) return { change: 0, unit: value.unit };
    const was = logged.hours !== 0 || logged.change !== 0 ? `, was ${round2(logged.hours)} h` : '';
    await logValueChange(trx, {
      companyId,
      valueId: value.id,
      userId,
      change,
      kind: 'hours_worked',
      reason: `Accrued from hours worked, week of ${weekShown(week.weekStart)}: ${amountText(target, value.unit)} (12.07% of ${hours} h worked${was})`,
      actorId: week.actorId,
      hoursWorked: hoursChange,
      sourceKey,
    });
    return { change, unit: value.unit };
  },
};
