// The UK leave arithmetic, pure and isomorphic (server, request form, tests): leave years,
// working-pattern deductions, pro-rata entitlement with the statutory minimum, accrual,
// carry-over and the Bradford factor. Rounding is always up (half days; quarter hours).
import type { BankHolidaysMode, DurationType, HalfDayPart, LeaveUnit, ServiceStep } from './leave.contract';

/** Hours on each weekday; 0 is a day off (the shape of a working pattern). */
export type WeekHours = {
  mon_hours: number;
  tue_hours: number;
  wed_hours: number;
  thu_hours: number;
  fri_hours: number;
  sat_hours: number;
  sun_hours: number;
};
/** With no working pattern recorded: Monday to Friday, 7.5 hours. */
export const DEFAULT_WEEK: WeekHours = { mon_hours: 7.5, tue_hours: 7.5, wed_hours: 7.5, thu_hours: 7.5, fri_hours: 7.5, sat_hours: 0, sun_hours: 0 };

/** Statutory holiday: 5.6 weeks, capped at 28 days (SI 1998/1833 reg. 13 and 13A). */
export const STATUTORY_WEEKS = 5.6;
export const STATUTORY_CAP_DAYS = 28;
/** Irregular-hours and part-year workers accrue 12.07% of hours worked (leave years from 1 April 2024). */
export const IRREGULAR_HOURS_ACCRUAL_RATE = 0.1207;

export type LeaveYear = { start_date: string; end_date: string };

export function roundUpToHalf(value: number): number {
  return Math.ceil(value * 2 - 1e-9) / 2;
}
export function roundUpToQuarter(value: number): number {
  return Math.ceil(value * 4 - 1e-9) / 4;
}
/** Days are rounded up to a half, hours to a quarter. */
export function roundUpFor(unit: LeaveUnit, value: number): number {
  return unit === 'days' ? roundUpToHalf(value) : roundUpToQuarter(value);
}

/** Days with hours in the pattern. */
export function workingDaysPerWeek(week: WeekHours): number {
  return Object.values(week).filter((hours) => hours > 0).length;
}
export function weeklyHours(week: WeekHours): number {
  return Object.values(week).reduce((sum, hours) => sum + hours, 0);
}

/** Statutory minimum for a leave year in days: 5.6 × days a week, never above 28 (3 days → 16.8). */
export function statutoryMinimumDays(daysPerWeek: number): number {
  return Math.min(STATUTORY_WEEKS * daysPerWeek, STATUTORY_CAP_DAYS);
}

// ---- Implemented in the rules part (see leave-rules.test.ts) ------------------------------

/** The leave year containing `date` for a company whose year starts on month/day. */
export declare function leaveYearFor(date: string, startMonth: number, startDay: number): LeaveYear;

export type DeductionInput = {
  start_date: string;
  /** For half days and hours equal to start_date. */
  end_date: string;
  duration_type: DurationType;
  half_day_part: HalfDayPart | null;
  hours: number | null;
  unit: LeaveUnit;
  week: WeekHours;
  /** Dates (yyyy-MM-dd) that are bank holidays for the person, with their names. */
  bankHolidays: ReadonlyMap<string, string>;
};
export type DeductionResult = {
  total: number;
  days: { date: string; amount: number; skipped: 'non_working' | 'bank_holiday' | null; bank_holiday_name: string | null }[];
};
/**
 * What a request deducts, day by day: a working day counts 1 (days) or its pattern hours
 * (hours); a half day counts 0.5 or half the day's hours; an hours request counts its hours
 * (days unit: hours ÷ the day's pattern hours, rounded up to a half); non-working days and
 * bank holidays count 0. `total` is the sum of the days, never negative.
 */
export declare function requestDeduction(input: DeductionInput): DeductionResult;

export type EntitlementInput = {
  unit: LeaveUnit;
  /** The template's full-time year allowance, in `unit`. */
  allowance: number;
  full_time_days_per_week: number;
  full_time_hours_per_week: number;
  bank_holidays: BankHolidaysMode;
  service_steps: ServiceStep[];
  week: WeekHours;
  year: LeaveYear;
  /** Employment start and end (termination) dates, when inside or around the year. */
  employment_start: string | null;
  employment_end: string | null;
  /** Continuous service start, for service steps (defaults to employment_start). */
  service_start: string | null;
  /** Bank holidays of the person's region in the year (to deduct when included, on working days). */
  bankHolidays: ReadonlyMap<string, string>;
};
export type EntitlementResult = {
  /** Pro-rata for the pattern and for the part of the year employed, plus service, rounded up; never above the full-time allowance (plus service). */
  entitlement: number;
  /** Bank holidays on the person's working days in the year, in `unit` (deducted from the balance when `included`). */
  bank_holiday_deduction: number;
  /** The statutory minimum for the same pattern and part-year, in `unit`. */
  statutory_minimum: number;
  service_extra: number;
  fraction_of_year: number;
  /** Lines that explain the sum, for the log's reason ("28 days × 3/5 days a week = 16.8, rounded up to 17"). */
  explanation: string[];
};
/** Pro-rata entitlement for a leave year (see EntitlementResult); never below the statutory minimum. */
export declare function proRataEntitlement(input: EntitlementInput): EntitlementResult;

/** Monthly accrual: what has accrued by `date` (whole months completed, +1 for the month started), rounded up. */
export declare function accruedToDate(entitlement: number, unit: LeaveUnit, year: LeaveYear, date: string): number;
/** 12.07% of hours worked, in hours, rounded up to a quarter. */
export declare function irregularHoursAccrual(hoursWorked: number): number;
/** Carried into the next year: what remains, capped, never negative. */
export declare function carryOver(remaining: number, cap: number, unit: LeaveUnit): number;
/** When the carried-over amount expires: the year's start plus `months` (null when 0 = never). */
export declare function carryOverExpiry(year: LeaveYear, months: number): string | null;
/** What expires of `carried` when `usedBeforeExpiry` was taken before the expiry date (leave is drawn from carry-over first). */
export declare function carryOverExpiring(carried: number, usedBeforeExpiry: number): number;
/** Whole years between `start` and `date`. */
export declare function completedYears(start: string, date: string): number;
/** The extra allowance of the highest step reached. */
export declare function serviceExtra(steps: ServiceStep[], years: number): number;

export type SpellInput = { id: string; start_date: string; end_date: string; days: number };
/** Absences that touch or are separated only by non-working days join into one spell. */
export declare function bradfordSpells(
  absences: SpellInput[],
  week: WeekHours,
): { start_date: string; end_date: string; days: number; absence_ids: string[] }[];
/** S² × D. */
export declare function bradfordScore(spells: number, days: number): number;
