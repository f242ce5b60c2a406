// Holiday pay as payroll elements, beside the unpaid and sickness days (leave-hooks.ts):
// HOLPAY, rolled-up holiday pay (WTR reg 16A) — 12.07% of each hours-worked log of a worker
// whose leave accrues from hours worked, when the company chose it, priced from their hourly
// pay when recorded; and HOLREF, the holiday-pay reference (WTR reg 16, ERA 1996 ss. 221–224)
// of each person with annual leave in the period: their average weekly hours over the last 52
// weeks worked, with the days of the period inside the year's first four weeks of leave (not
// for leave already paid as rolled-up pay).
import type { Trx } from '../../../server/db/database';
import type { PayrollElement, PayrollWindow } from '../../../server/module-hooks';
import { addDays, DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import {
  REG13_WEEKS,
  ROLLED_UP_FROM,
  firstFourWeeksIn,
  holidayPayReference,
  rolledUpHolidayPay,
  rolledUpHours,
  type LeaveDay,
} from '../holiday-rules';
import { DEFAULT_WEEK, dayShareOn, workingDaysPerWeek, type WeekHours } from '../leave-rules';
import { personBankHolidays } from './balances';
import { findPersonLeaveFacts, findWorkingWeek } from './balances.queries';
import { lookBackFrom } from './holiday-pay';
import { findAnnualLeave, findRolledUpLogs, findWorkedHours, type AnnualLeaveRow } from './holiday-pay.queries';

export const ROLLED_UP_ELEMENT_CODE = 'HOLPAY';
export const REFERENCE_ELEMENT_CODE = 'HOLREF';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

async function rolledUpElements(trx: Trx, window: PayrollWindow): Promise<PayrollElement[]> {
  const logs = await findRolledUpLogs(trx, { companyId: window.companyId, since: window.since, to: window.to, yearsFrom: ROLLED_UP_FROM });
  return logs.map((log) => ({
    userId: log.user_id,
    source: 'leave',
    key: `rolled-up:${log.id}`,
    date: log.date,
    code: ROLLED_UP_ELEMENT_CODE,
    label: 'Rolled-up holiday pay (12.07% of pay for hours worked)',
    hours: rolledUpHours(log.hours_worked),
    amount: log.hourly_rate === null ? null : rolledUpHolidayPay(log.hours_worked * log.hourly_rate),
    taxable: true,
  }));
}

/** A leave row's days off, in days: a working day 1 (a half day 0.5; hours as a share of the day), bank holidays and days off 0. */
function leaveDays(row: AnnualLeaveRow, week: WeekHours, holidays: ReadonlyMap<string, string>): LeaveDay[] {
  const days: LeaveDay[] = [];
  for (let date = row.start_date; date <= row.end_date; date = addDays(date, 1)) {
    const amount = holidays.has(date) ? 0 : dayShareOn(week, date, { ...row, hours: row.hours ?? 0 });
    if (amount > 0) days.push({ date, amount });
  }
  return days;
}

async function referenceElements(trx: Trx, window: PayrollWindow): Promise<PayrollElement[]> {
  const leave = await findAnnualLeave(trx, { companyId: window.companyId, from: window.from, to: window.to, rolledUpFrom: ROLLED_UP_FROM });
  const byPerson = new Map<string, AnnualLeaveRow[]>();
  for (const row of leave) byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row]);
  const userIds = [...byPerson.keys()];
  const worked = await findWorkedHours(trx, { companyId: window.companyId, userIds, from: lookBackFrom(window.from), to: window.from });
  const elements: PayrollElement[] = [];
  for (const userId of userIds) {
    const input = { companyId: window.companyId, userId, date: window.to };
    const week = (await findWorkingWeek(trx, input)) ?? DEFAULT_WEEK;
    const facts = await findPersonLeaveFacts(trx, input);
    const rows = byPerson.get(userId) ?? [];
    const first = rows.reduce((min, row) => (row.period_start < min ? row.period_start : min), window.from);
    const holidays = await personBankHolidays(trx, {
      companyId: window.companyId,
      region: facts?.region ?? 'england-and-wales',
      from: first,
      to: window.to,
    });
    // The first four weeks are counted within each leave year.
    const years = new Map<string, LeaveDay[]>();
    for (const row of rows) years.set(row.period_start, [...(years.get(row.period_start) ?? []), ...leaveDays(row, week, holidays)]);
    let inPeriod = 0;
    let atReference = 0;
    for (const days of years.values()) {
      inPeriod += days.filter((day) => day.date >= window.from && day.date <= window.to).reduce((sum, day) => sum + day.amount, 0);
      atReference += firstFourWeeksIn(days, REG13_WEEKS * workingDaysPerWeek(week), window);
    }
    if (inPeriod <= 0) continue;
    // The reference is taken as of the period's first day: the weeks before it.
    const reference = holidayPayReference(
      worked.filter((day) => day.user_id === userId),
      window.from,
    );
    elements.push({
      userId,
      source: 'leave',
      key: `holiday-reference:${userId}:${window.from}`,
      date: window.from,
      code: REFERENCE_ELEMENT_CODE,
      label:
        reference.average_weekly_hours === null
          ? 'Holiday pay reference: no weeks worked in the last 104 (first 4 weeks of leave)'
          : `Holiday pay reference: average weekly hours over ${reference.weeks_counted} weeks worked to ${shown(reference.to)} (first 4 weeks of leave)`,
      hours: reference.average_weekly_hours,
      days: Math.round(atReference * 100) / 100,
    });
  }
  return elements;
}

export async function holidayPayElements(trx: Trx, window: PayrollWindow): Promise<PayrollElement[]> {
  return [...(await rolledUpElements(trx, window)), ...(await referenceElements(trx, window))];
}
