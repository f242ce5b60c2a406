// Leave sickness prevented, carried into the next leave year under WTR reg 13(10)–(11) as
// lines of their own beside the policy's carry-over: when a leave year is opened after
// another (openPeriod), the previous year's lines still usable move on with what is left of
// them, and the previous year's sickness adds a line of its own, each with its 'sickness_carry_over'
// log; the hourly balances job expires what is unused after the last usable day.
import type { Trx } from '../../../server/db/database';
import { addDays, amountInWords, DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { LeaveUnit } from '../leave.contract';
import { dayShareOn, daysInclusive, hoursOn, type WeekHours } from '../leave-rules';
import { sicknessCarryOver, sicknessLinesLeft } from '../holiday-rules';
import type { logValueChange, PeriodRow, ValueRow } from './balances';
import { sumLogs } from './balances.queries';
import { usedUpTo } from './carry-over-expiry.queries';
import {
  findSicknessAbsences,
  findSicknessLines,
  insertSicknessLine,
  markSicknessLineExpired,
  type ExpiringSicknessLine,
  type SicknessAbsenceRow,
} from './sickness-carry-over.queries';

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);

/** Writes a balance line: balances.ts's logValueChange, handed in so that the two files do not import each other's code. */
export type LogChange = typeof logValueChange;

/** Working time the sickness absences covered in [from, to]: working days of the pattern that are not bank holidays (days), or their hours. */
export function sickTime(input: {
  absences: readonly SicknessAbsenceRow[];
  week: WeekHours;
  bankHolidays: ReadonlyMap<string, string>;
  unit: LeaveUnit;
  from: string;
  to: string;
}): number {
  let total = 0;
  for (const absence of input.absences) {
    const first = absence.start_date > input.from ? absence.start_date : input.from;
    const last = absence.last_day !== null && absence.last_day < input.to ? absence.last_day : input.to;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      if (input.bankHolidays.has(day)) continue;
      const part = dayShareOn(input.week, day, absence);
      total += input.unit === 'days' ? part : part * hoursOn(input.week, day);
    }
  }
  return Math.round(total * 100) / 100;
}

/**
 * What leave used by `until` drew from the policy's carry-over (drawn first): all of it, unless
 * it expired before `until`, when only what had been used by its expiry.
 */
async function policyDrawn(
  trx: Trx,
  value: { period_id: string; leave_type_id: string; carried_over: number; carry_over_expires_on: string | null },
  until: string,
): Promise<number> {
  if (value.carried_over <= 0) return 0;
  if (value.carry_over_expires_on === null || value.carry_over_expires_on >= until) return value.carried_over;
  const used = await usedUpTo(trx, { periodId: value.period_id, leaveTypeId: value.leave_type_id, date: value.carry_over_expires_on });
  return Math.min(value.carried_over, used);
}

/**
 * Carries into `target` (the new year's annual-leave value) the lines of `before` (the previous
 * year's) still usable, less what the previous year drew from them, and the previous year's own
 * sickness-prevented leave. Answers the total carried, which the policy's carry-over leaves aside.
 */
export async function applySicknessCarryOver(
  trx: Trx,
  input: {
    companyId: string;
    userId: string;
    previous: PeriodRow;
    period: PeriodRow;
    before: ValueRow;
    target: ValueRow;
    week: WeekHours;
    bankHolidays: ReadonlyMap<string, string>;
    employment: { start: string | null; end: string | null };
    actorId: string | null;
    log: LogChange;
  },
): Promise<number> {
  const { companyId, userId, previous, before, target } = input;
  const unit = before.unit;
  const lines = await findSicknessLines(trx, { companyId, valueId: before.id });
  const used = await usedUpTo(trx, { periodId: previous.id, leaveTypeId: before.leave_type_id, date: previous.end_date });
  const left = sicknessLinesLeft(lines, used, await policyDrawn(trx, before, previous.end_date));
  const base = { companyId, valueId: target.id, userId, actorId: input.actorId };
  let moved = 0;
  let movable = 0;
  for (const [index, line] of lines.entries()) {
    const amount = left[index] ?? 0;
    if (line.expired || amount <= 0 || line.expires_on < input.period.start_date) continue;
    movable += amount;
    const id = await insertSicknessLine(trx, {
      companyId,
      userId,
      valueId: target.id,
      aroseStart: line.arose_start,
      aroseEnd: line.arose_end,
      amount,
      expiresOn: line.expires_on,
    });
    if (!id) continue;
    moved += amount;
    await input.log(trx, {
      ...base,
      change: amount,
      kind: 'sickness_carry_over',
      reason: `Leave sickness prevented in the leave year ${shown(line.arose_start)} to ${shown(line.arose_end)}, still unused: ${amountInWords(amount, unit)}; usable until ${shown(line.expires_on)} (WTR reg 13(11))`,
    });
  }

  const year = { start_date: previous.start_date, end_date: previous.end_date };
  const from = input.employment.start && input.employment.start > year.start_date ? input.employment.start : year.start_date;
  const to = input.employment.end && input.employment.end < year.end_date ? input.employment.end : year.end_date;
  const absences = await findSicknessAbsences(trx, { companyId, userId, from, to });
  const sick = sickTime({ absences, week: input.week, bankHolidays: input.bankHolidays, unit, from, to });
  if (sick <= 0) return moved;
  // The year's own leave taken: what the carried lines did not cover, plus bank holidays and
  // leave taken before an import (both logged as negative lines).
  const carriedIn = before.carried_over + lines.reduce((sum, line) => sum + line.amount, 0);
  const offLogs = await sumLogs(trx, { valueId: before.id, kinds: ['bank_holidays', 'imported'] });
  const taken = Math.max(0, used - carriedIn) - offLogs;
  const result = sicknessCarryOver({
    unit,
    week: input.week,
    year,
    fractionOfYear: daysInclusive(from, to) / daysInclusive(year.start_date, year.end_date),
    remaining: before.balance - movable,
    taken: Math.round(taken * 100) / 100,
    sick,
  });
  if (!result) return moved;
  const id = await insertSicknessLine(trx, {
    companyId,
    userId,
    valueId: target.id,
    aroseStart: year.start_date,
    aroseEnd: year.end_date,
    amount: result.carried,
    expiresOn: result.expires_on,
  });
  if (!id) return moved;
  await input.log(trx, { ...base, change: result.carried, kind: 'sickness_carry_over', reason: result.explanation });
  return moved + result.carried;
}

/** Takes off what is unused of a line after its last usable day (a 'sickness_expiry' log) and marks it expired. */
export async function expireSicknessLine(trx: Trx, line: ExpiringSicknessLine, log: LogChange): Promise<number> {
  const lines = await findSicknessLines(trx, { companyId: line.company_id, valueId: line.value_id });
  const used = await usedUpTo(trx, { periodId: line.period_id, leaveTypeId: line.leave_type_id, date: line.expires_on });
  const left = sicknessLinesLeft(lines, used, await policyDrawn(trx, line, line.expires_on));
  const expiring = left[lines.findIndex((row) => row.id === line.id)] ?? 0;
  await markSicknessLineExpired(trx, { companyId: line.company_id, id: line.id });
  if (expiring > 0) {
    await log(trx, {
      companyId: line.company_id,
      valueId: line.value_id,
      userId: line.user_id,
      change: -expiring,
      kind: 'sickness_expiry',
      reason: `Leave carried after sickness in the leave year ${shown(line.arose_start)} to ${shown(line.arose_end)} expired on ${shown(line.expires_on)}: ${amountInWords(line.amount, line.unit)} carried, ${amountInWords(expiring, line.unit)} unused`,
    });
  }
  return expiring;
}
