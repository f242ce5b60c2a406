// Holiday pay and the statutory carry-over of leave sickness prevented, pure and isomorphic:
// WTR reg 13(10)–(11) as amended by SI 2023/1426 (carry-over after sickness, 18 months), reg 16A
// (rolled-up holiday pay at 12.07%) and reg 16 with ERA 1996 ss. 221–224 (the 52-week reference
// for the first four weeks' pay). The choices the law leaves open are in docs/uk-rules.md.
import { amountInWords } from '../../shared/dates';
import type { LeaveUnit } from './leave.contract';
import {
  IRREGULAR_HOURS_ACCRUAL_RATE,
  addDays,
  addMonths,
  dayNumber,
  dateFromDayNumber,
  roundUpFor,
  settle,
  weeklyHours,
  workingDaysPerWeek,
  type LeaveYear,
  type WeekHours,
} from './leave-rules';

/** The reg 13 part of the 5.6 weeks: 4 weeks (reg 13A's extra 1.6 weeks are not carried for sickness). */
export const REG13_WEEKS = 4;
/** Leave carried because of sickness may be taken within 18 months of the end of the leave year it arose in (reg 13(11)). */
export const SICKNESS_CARRY_OVER_MONTHS = 18;
/** Rolled-up holiday pay: 12.07% of the pay for hours worked (reg 16A(2)), the same share as the accrual (reg 15B). */
export const ROLLED_UP_HOLIDAY_PAY_RATE = IRREGULAR_HOURS_ACCRUAL_RATE;
/** Rolled-up holiday pay is lawful for leave years beginning on or after 1 April 2024 (SI 2023/1426). */
export const ROLLED_UP_FROM = '2024-04-01';
/** WTR reg 16(3) with ERA 1996 s. 224: 52 weeks with pay, looking back no further than 104 weeks (from 6 April 2020). */
export const REFERENCE_WEEKS = 52;
export const REFERENCE_LOOK_BACK_WEEKS = 104;

const words = (unit: LeaveUnit, value: number) => amountInWords(value, unit);
const shown = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

// ---- Carry-over of leave sickness prevented ------------------------------------------------

/** The reg 13 leave of a year: 4 weeks of the pattern (days, or hours), times the part of the year employed. */
export function reg13Leave(input: { unit: LeaveUnit; week: WeekHours; fractionOfYear: number }): number {
  const perWeek = input.unit === 'days' ? workingDaysPerWeek(input.week) : weeklyHours(input.week);
  return settle(REG13_WEEKS * perWeek * Math.min(1, Math.max(0, input.fractionOfYear)));
}

/** The last day leave carried for sickness from `year` may be taken: 18 months from the year's end (2026 → 30/06/2028). */
export function sicknessCarryOverExpiry(year: LeaveYear): string {
  return addDays(addMonths(addDays(year.end_date, 1), SICKNESS_CARRY_OVER_MONTHS), -1);
}

export type SicknessCarryOverInput = {
  unit: LeaveUnit;
  week: WeekHours;
  year: LeaveYear;
  fractionOfYear: number;
  /** What is left of the year's own leave at its end (carried lines moving on already taken out). */
  remaining: number;
  /** The year's own leave taken: approved leave beyond what carried lines covered, plus bank holidays taken from the allowance. */
  taken: number;
  /** Working time the year's sickness absences covered (working days, or their pattern hours). */
  sick: number;
};
export type SicknessCarryOver = { carried: number; expires_on: string; reg13: number; explanation: string };

/**
 * WTR reg 13(10): leave a worker could not take because of sickness carries, up to the reg 13
 * part not taken (4 weeks less the year's leave taken, which counts against the 4 weeks
 * first), no more than what is left and what sickness covered; rounded up. Null when nothing.
 */
export function sicknessCarryOver(input: SicknessCarryOverInput): SicknessCarryOver | null {
  const reg13 = reg13Leave(input);
  const untaken = Math.max(0, reg13 - Math.max(0, input.taken));
  const amount = Math.min(untaken, Math.max(0, input.remaining), Math.max(0, input.sick));
  if (amount <= 0) return null;
  const carried = roundUpFor(input.unit, amount);
  const expires = sicknessCarryOverExpiry(input.year);
  return {
    carried,
    expires_on: expires,
    reg13,
    explanation:
      `Leave sickness prevented in the leave year ${shown(input.year.start_date)} to ${shown(input.year.end_date)} (WTR reg 13(10)): ` +
      `${words(input.unit, reg13)} of reg 13 leave less ${words(input.unit, input.taken)} taken = ${words(input.unit, untaken)}; ` +
      `${words(input.unit, input.sick)} off sick; ${words(input.unit, input.remaining)} left → ${words(input.unit, carried)}; ` +
      `usable until ${shown(expires)}`,
  };
}

export type CarriedLine = { amount: number; expires_on: string };

/**
 * What is left of each sickness line once `used` leave has been drawn: the policy's carry-over
 * (`drawnFirst`) is drawn first, then the sickness lines, soonest expiry first, then the year's own.
 */
export function sicknessLinesLeft(lines: readonly CarriedLine[], used: number, drawnFirst: number): number[] {
  let left = Math.max(0, Math.max(0, used) - Math.max(0, drawnFirst));
  const order = lines.map((line, index) => ({ line, index })).sort((a, b) => a.line.expires_on.localeCompare(b.line.expires_on));
  const result = lines.map((line) => line.amount);
  for (const { line, index } of order) {
    const drawn = Math.min(line.amount, left);
    result[index] = settle(line.amount - drawn);
    left = settle(left - drawn);
  }
  return result;
}

// ---- Rolled-up holiday pay -----------------------------------------------------------------

/** Whether rolled-up pay may apply to a leave year: the company chose it and the year began on or after 1 April 2024. */
export function rolledUpApplies(input: { enabled: boolean; irregular: boolean; yearStart: string }): boolean {
  return input.enabled && input.irregular && input.yearStart >= ROLLED_UP_FROM;
}

/** 12.07% of the pay for hours worked, to the penny (half up). */
export function rolledUpHolidayPay(pay: number): number {
  return Math.round(Math.max(0, pay) * ROLLED_UP_HOLIDAY_PAY_RATE * 100 + 1e-9) / 100;
}

/** 12.07% of hours worked as hours of pay, to two places: what a person on rolled-up pay sees. */
export function rolledUpHours(hoursWorked: number): number {
  return Math.round(Math.max(0, hoursWorked) * ROLLED_UP_HOLIDAY_PAY_RATE * 100 + 1e-9) / 100;
}

// ---- The 52-week holiday-pay reference -----------------------------------------------------

export type WorkedHours = { date: string; hours: number };
export type HolidayPayReference = {
  /** Total hours ÷ weeks counted, to two places; null when no week within 104 had work. */
  average_weekly_hours: number | null;
  weeks_counted: number;
  total_hours: number;
  /** Monday of the earliest week counted, and the Sunday ending the last complete week. */
  from: string | null;
  to: string;
};

/** The Monday of the week holding `date` (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const day = dayNumber(date);
  // 1970-01-01 was a Thursday: day 0 → Monday is 3 days earlier.
  return dateFromDayNumber(day - ((day + 3) % 7));
}

/**
 * ERA 1996 ss. 221–224 for WTR reg 16: the average weekly hours over the 52 complete weeks
 * (Monday to Sunday) before `asOf` in which the person worked, weeks without work skipped,
 * looking back no more than 104 weeks; fewer weeks with work when there are fewer.
 */
export function holidayPayReference(worked: readonly WorkedHours[], asOf: string): HolidayPayReference {
  const end = addDays(mondayOf(asOf), -1);
  const earliest = addDays(mondayOf(asOf), -7 * REFERENCE_LOOK_BACK_WEEKS);
  const byWeek = new Map<string, number>();
  for (const entry of worked) {
    if (entry.date < earliest || entry.date > end || entry.hours <= 0) continue;
    const week = mondayOf(entry.date);
    byWeek.set(week, (byWeek.get(week) ?? 0) + entry.hours);
  }
  const weeks = [...byWeek.entries()]
    .filter(([, hours]) => hours > 0)
    .sort((a, b) => b[0].localeCompare(a[0]))
    .slice(0, REFERENCE_WEEKS);
  const total = settle(weeks.reduce((sum, [, hours]) => sum + hours, 0));
  return {
    average_weekly_hours: weeks.length === 0 ? null : Math.round((total / weeks.length) * 100) / 100,
    weeks_counted: weeks.length,
    total_hours: total,
    from: weeks.length === 0 ? null : weeks[weeks.length - 1]![0],
    to: end,
  };
}

export type LeaveDay = { date: string; amount: number };

/**
 * Of leave taken in a year (in date order), the amount in [from, to] that falls within its
 * first `fourWeeks` (the reg 13 leave paid at the 52-week reference).
 */
export function firstFourWeeksIn(days: readonly LeaveDay[], fourWeeks: number, window: { from: string; to: string }): number {
  let before = 0;
  let inside = 0;
  for (const day of [...days].sort((a, b) => a.date.localeCompare(b.date))) {
    const within = Math.max(0, Math.min(day.amount, fourWeeks - before));
    if (day.date >= window.from && day.date <= window.to) inside += within;
    before += day.amount;
  }
  return settle(inside);
}
