// What the leave module offers other modules through its registration (the platform's
// src/server/module-hooks.ts): the time-off-in-lieu ledger overtime credits, and the unpaid
// and sickness days a pay period reports with their Statutory Sick Pay, and holiday pay
// (rolled-up pay and the 52-week reference, holiday-pay-payroll.ts).
import type { Trx } from '../../../server/db/database';
import type {
  PayrollContributor,
  PayrollElement,
  PayrollWindow,
  TimeOffInLieuChange,
  TimeOffInLieuLedger,
} from '../../../server/module-hooks';
import { addDays, londonDate } from '../../../shared/dates';
import { bankHolidayMap } from '../bank-holidays';
import { DEFAULT_WEEK, hoursOn, type WeekHours } from '../leave-rules';
import { ensurePeriodFor, ensureValue, leaveContext, logValueChange } from './balances';
import { findPersonLeaveFacts, findValue, findWorkingWeek } from './balances.queries';
import { findPayrollAbsences, findToilLeaveTypeId, type PayrollAbsenceRow } from './leave-hooks.queries';
import { sickPayOf, taxYearOf } from './sick-pay';
import { holidayPayElements } from './holiday-pay-payroll';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A working day's hours in the person's pattern: the week's hours over its working days (7.5 when none). */
export function dayHours(week: WeekHours): number {
  const days = Object.values(week).filter((hours) => hours > 0);
  return days.length === 0 ? 7.5 : days.reduce((sum, hours) => sum + hours, 0) / days.length;
}

async function toilValue(trx: Trx, change: TimeOffInLieuChange) {
  const typeId = await findToilLeaveTypeId(trx, change.companyId);
  if (!typeId) return null;
  const period = await ensurePeriodFor(trx, {
    companyId: change.companyId,
    userId: change.userId,
    date: change.date,
    actorId: change.actorId,
  });
  if (!period) return null;
  const value = await ensureValue(trx, { companyId: change.companyId, period, leaveTypeId: typeId, unit: period.unit });
  const context = await leaveContext(trx, { companyId: change.companyId, userId: change.userId, date: change.date });
  const amount = period.unit === 'hours' ? round2(change.hours) : round2(change.hours / dayHours(context.week));
  return { value, period, amount };
}

export const timeOffInLieuLedger: TimeOffInLieuLedger = {
  async credit(trx, change) {
    const found = await toilValue(trx, change);
    if (!found) return null;
    await logValueChange(trx, {
      companyId: change.companyId,
      valueId: found.value.id,
      userId: change.userId,
      change: found.amount,
      kind: 'adjustment',
      reason: change.reason,
      actorId: change.actorId,
    });
    return { amount: found.amount, unit: found.period.unit };
  },
  async expire(trx, change) {
    const found = await toilValue(trx, change);
    if (!found) return 0;
    const current = await findValue(trx, {
      companyId: change.companyId,
      periodId: found.period.id,
      leaveTypeId: found.value.leave_type_id,
    });
    const taken = Math.min(found.amount, Math.max(0, current?.balance ?? 0));
    if (taken <= 0) return 0;
    await logValueChange(trx, {
      companyId: change.companyId,
      valueId: found.value.id,
      userId: change.userId,
      change: -taken,
      kind: 'expiry',
      reason: change.reason,
      actorId: change.actorId,
    });
    return taken;
  },
};

function* daysBetween(from: string, to: string): Generator<string> {
  for (let day = from; day <= to; day = addDays(day, 1)) yield day;
}

/** The days of one absence inside [since, to], as payroll elements. */
function absenceDays(
  row: PayrollAbsenceRow,
  window: { since: string; to: string },
  week: WeekHours,
  holidays: Map<string, string>,
): PayrollElement[] {
  const last = row.end_date ?? (row.returned_on ? addDays(row.returned_on, -1) : londonDate(new Date()));
  const from = row.start_date > window.since ? row.start_date : window.since;
  const to = last < window.to ? last : window.to;
  const elements: PayrollElement[] = [];
  for (const date of daysBetween(from, to)) {
    const working = hoursOn(week, date) > 0 && !holidays.has(date);
    const base = { userId: row.user_id, source: 'leave', key: `absence:${row.id}:${date}`, date };
    if (row.kind === 'sickness') {
      elements.push({ ...base, code: 'SICK', label: 'Sickness', days: 1, qualifyingDays: hoursOn(week, date) > 0 ? 1 : 0 });
      continue;
    }
    if (!working) continue;
    const days = row.duration_type === 'half_day' ? 0.5 : row.duration_type === 'hours' ? round2((row.hours ?? 0) / dayHours(week)) : 1;
    const hours = row.duration_type === 'hours' ? (row.hours ?? 0) : round2(days * hoursOn(week, date));
    elements.push({ ...base, code: 'UNPAID', label: `Unpaid leave (${row.leave_type_name})`, days, hours });
  }
  return elements;
}

/** Each day of Statutory Sick Pay in [since, to] of the sickness met, with its amount. */
async function sickPayElements(trx: Trx, window: PayrollWindow, absences: readonly PayrollAbsenceRow[]): Promise<PayrollElement[]> {
  const sick = absences.filter((row) => row.kind === 'sickness');
  const people = await sickPayOf(trx, {
    companyId: window.companyId,
    userIds: sick.map((row) => row.user_id),
    today: londonDate(new Date()),
    until: window.to,
  });
  const wanted = new Set(sick.map((row) => row.id));
  const elements: PayrollElement[] = [];
  for (const [userId, person] of people) {
    for (const day of person.days) {
      if (!['paid', 'rate_missing'].includes(day.status) || !wanted.has(day.absenceId) || day.date < window.since || day.date > window.to)
        continue;
      // A day whose tax year has no recorded rate is carried as an SSP day with no amount, said
      // in its label, rather than dropped or priced at a guessed rate.
      const missing = day.status === 'rate_missing';
      elements.push({
        userId,
        source: 'leave',
        key: `ssp:${day.absenceId}:${day.date}`,
        date: day.date,
        code: 'SSP',
        label: missing ? `Statutory Sick Pay (${taxYearOf(day.date)} rate not recorded: amount to add)` : 'Statutory Sick Pay',
        days: 1,
        amount: missing ? null : day.amount,
        taxable: true,
      });
    }
  }
  return elements;
}

export const leavePayroll: PayrollContributor = {
  source: 'leave',
  async elements(trx, window) {
    const absences = await findPayrollAbsences(trx, { companyId: window.companyId, from: window.since, to: window.to });
    const people = new Map<string, { week: WeekHours; holidays: Map<string, string> }>();
    const elements: PayrollElement[] = [];
    for (const row of absences) {
      let person = people.get(row.user_id);
      if (!person) {
        const input = { companyId: window.companyId, userId: row.user_id, date: window.to };
        const facts = await findPersonLeaveFacts(trx, input);
        person = {
          week: (await findWorkingWeek(trx, input)) ?? DEFAULT_WEEK,
          holidays: bankHolidayMap(facts?.region ?? 'england-and-wales', window.since, window.to),
        };
        people.set(row.user_id, person);
      }
      elements.push(...absenceDays(row, window, person.week, person.holidays));
    }
    elements.push(...(await sickPayElements(trx, window, absences)));
    elements.push(...(await holidayPayElements(trx, window)));
    return elements;
  },
};
