// The UK leave arithmetic, pure and isomorphic (server, request form, tests): leave years,
// working-pattern deductions, pro-rata entitlement with the statutory minimum, accrual and
// carry-over (the Bradford factor is in bradford-factor.ts). Rounding is always up (half days; quarter hours).
import type { BankHolidaysMode, DurationType, HalfDayPart, LeaveUnit, ServiceStep } from './leave.contract';
import { addDays, amountInWords } from '../../shared/dates';

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
export const DEFAULT_WEEK: WeekHours = {
  mon_hours: 7.5,
  tue_hours: 7.5,
  wed_hours: 7.5,
  thu_hours: 7.5,
  fri_hours: 7.5,
  sat_hours: 0,
  sun_hours: 0,
};

/** Statutory holiday: 5.6 weeks, capped at 28 days (SI 1998/1833 reg. 13 and 13A). */
export const STATUTORY_WEEKS = 5.6;
export const STATUTORY_CAP_DAYS = 28;
/** Irregular-hours and part-year workers accrue 12.07% of hours worked (leave years from 1 April 2024). */
export const IRREGULAR_HOURS_ACCRUAL_RATE = 0.1207;

export type LeaveYear = { start_date: string; end_date: string };

export function roundUpToHalf(value: number): number {
  // + 0 turns the -0 of Math.ceil(-1e-9) into 0.
  return Math.ceil(value * 2 - 1e-9) / 2 + 0;
}
export function roundUpToQuarter(value: number): number {
  return Math.ceil(value * 4 - 1e-9) / 4 + 0;
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

/** 5.6 × value as 56 × value ÷ 10, so that 3 days give exactly 16.8 (5.6 × 3 is 16.799999999999997 in floating point). */
function fivePointSixTimes(value: number): number {
  return (STATUTORY_WEEKS * 10 * value) / 10;
}

/** Statutory minimum for a leave year in days: 5.6 × days a week, never above 28 (3 days → 16.8). */
export function statutoryMinimumDays(daysPerWeek: number): number {
  return Math.min(fivePointSixTimes(daysPerWeek), STATUTORY_CAP_DAYS);
}

// ---- Calendar dates ------------------------------------------------------------------------
// Dates are 'yyyy-MM-dd' strings without a zone; arithmetic runs on whole UTC days so that no
// machine zone or clock change can shift a day.

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 for a 'yyyy-MM-dd' date. */
export function dayNumber(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}
export function dateFromDayNumber(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}
/** The project's own date step (src/shared/dates.ts), re-exported for the rules' callers. */
export { addDays };
/** Calendar days from `from` to `to` inclusive (0 when `to` is before `from`). */
export function daysInclusive(from: string, to: string): number {
  return Math.max(0, dayNumber(to) - dayNumber(from) + 1);
}
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
/** `date` plus whole months; a day past the end of the target month becomes its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return isoDate(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

const WEEKDAY_KEYS = ['sun_hours', 'mon_hours', 'tue_hours', 'wed_hours', 'thu_hours', 'fri_hours', 'sat_hours'] as const;
/** The pattern's hours on the weekday of `date`. */
export function hoursOn(week: WeekHours, date: string): number {
  return week[WEEKDAY_KEYS[new Date(dayNumber(date) * DAY_MS).getUTCDay()]!];
}

/**
 * The part of the working day `date` an absence takes: a half day 0.5, an absence in hours its
 * hours as a share of that day's (at most the whole day), anything else the whole day; nothing
 * on a day the pattern does not work.
 */
export function dayShareOn(week: WeekHours, date: string, absence: { duration_type: string; hours: number | null }): number {
  const hours = hoursOn(week, date);
  if (hours <= 0) return 0;
  if (absence.duration_type === 'half_day') return 0.5;
  if (absence.duration_type === 'hours') return Math.min(1, (absence.hours ?? hours) / hours);
  return 1;
}

/** Sums of dyadic amounts (halves, quarters) are exact; anything else is settled at 4 places so that equal sums compare equal. */
export function settle(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/** 16.8, 7.06, 28 — for explanations, at most two decimals. */
function show(value: number): string {
  return String(Math.round(value * 100) / 100);
}
function amount(unit: LeaveUnit, value: number): string {
  return amountInWords(value, unit);
}

// ---- Leave years ---------------------------------------------------------------------------

/** The start of the leave year in calendar `year` (29 February falls back to the 28th in other years). */
function yearStart(year: number, startMonth: number, startDay: number): string {
  return isoDate(year, startMonth, Math.min(startDay, daysInMonth(year, startMonth)));
}

/** The leave year containing `date` for a company whose year starts on month/day: from the latest start on or before `date` to the day before the next start. */
export function leaveYearFor(date: string, startMonth: number, startDay: number): LeaveYear {
  const year = Number(date.slice(0, 4));
  const thisYears = yearStart(year, startMonth, startDay);
  const startYear = thisYears <= date ? year : year - 1;
  return {
    start_date: yearStart(startYear, startMonth, startDay),
    end_date: addDays(yearStart(startYear + 1, startMonth, startDay), -1),
  };
}

// ---- Deductions ----------------------------------------------------------------------------

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
export function requestDeduction(input: DeductionInput): DeductionResult {
  const days: DeductionResult['days'] = [];
  const last = dayNumber(input.end_date);
  for (let day = dayNumber(input.start_date); day <= last; day++) {
    const date = dateFromDayNumber(day);
    const dayHours = Math.max(0, hoursOn(input.week, date));
    const bankHolidayName = input.bankHolidays.get(date) ?? null;
    if (dayHours <= 0) {
      days.push({ date, amount: 0, skipped: 'non_working', bank_holiday_name: bankHolidayName });
      continue;
    }
    if (bankHolidayName !== null) {
      days.push({ date, amount: 0, skipped: 'bank_holiday', bank_holiday_name: bankHolidayName });
      continue;
    }
    days.push({ date, amount: dayAmount(input, dayHours), skipped: null, bank_holiday_name: null });
  }
  return { total: Math.max(0, settle(days.reduce((sum, day) => sum + day.amount, 0))), days };
}

function dayAmount(input: DeductionInput, dayHours: number): number {
  switch (input.duration_type) {
    case 'half_day':
      return input.unit === 'days' ? 0.5 : dayHours / 2;
    case 'hours': {
      const hours = Math.max(0, input.hours ?? 0);
      // A day-based allowance cannot take a fraction of a day below a half: round up, at most the day.
      return input.unit === 'hours' ? hours : Math.min(1, roundUpToHalf(hours / dayHours));
    }
    default:
      return input.unit === 'days' ? 1 : dayHours;
  }
}

// ---- Entitlement ---------------------------------------------------------------------------

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
/** What a policy template says about the entitlement: the rest of its columns are not the rule's. */
export type EntitlementPolicy = Pick<
  EntitlementInput,
  'unit' | 'allowance' | 'full_time_days_per_week' | 'full_time_hours_per_week' | 'bank_holidays' | 'service_steps'
>;
export const entitlementPolicyOf = (template: EntitlementPolicy): EntitlementPolicy => ({
  unit: template.unit,
  allowance: template.allowance,
  full_time_days_per_week: template.full_time_days_per_week,
  full_time_hours_per_week: template.full_time_hours_per_week,
  bank_holidays: template.bank_holidays,
  service_steps: template.service_steps,
});
export type EntitlementResult = {
  /** Pro-rata for the pattern and for the part of the year employed, plus service, rounded up; never above the full-time allowance (plus service). */
  entitlement: number;
  /** Bank holidays on the person's working days in the year, in `unit` (deducted from the balance when `included`). */
  bank_holiday_deduction: number;
  /** The statutory minimum for the same pattern and part-year, in `unit`, to two places (16.8). */
  statutory_minimum: number;
  service_extra: number;
  fraction_of_year: number;
  /** The exact value before rounding up (after the cap and the statutory floor); `entitlement` is at least this and less than it plus one rounding step. */
  unrounded: number;
  /** Lines that explain the sum, for the log's reason ("28 days × 3/5 days a week = 16.8, rounded up to 17"). */
  explanation: string[];
};

/** The statutory minimum in hours for a full year: 5.6 weeks of the weekly hours, no more than 28 days of the average day. */
export function statutoryMinimumHours(week: WeekHours): number {
  const days = workingDaysPerWeek(week);
  if (days === 0) return 0;
  const hours = weeklyHours(week);
  return Math.min(fivePointSixTimes(hours), STATUTORY_CAP_DAYS * (hours / days));
}

/**
 * Pro-rata entitlement for a leave year (see EntitlementResult); never below the statutory
 * minimum. The floor is the statutory minimum for the pattern × the part of the year employed;
 * with bank holidays 'on_top' the person also gets those days off, so they count towards the
 * floor (20 days + 8 bank holidays on top meets 28 and stays 20). If a template's allowance is
 * below the law, the law wins and the entitlement is raised to the minimum.
 */
export function proRataEntitlement(input: EntitlementInput): EntitlementResult {
  const { unit, week, year } = input;
  const explanation: string[] = [];
  const daysPerWeek = workingDaysPerWeek(week);
  const hoursPerWeek = weeklyHours(week);

  const from = input.employment_start && input.employment_start > year.start_date ? input.employment_start : year.start_date;
  const to = input.employment_end && input.employment_end < year.end_date ? input.employment_end : year.end_date;
  const yearDays = daysInclusive(year.start_date, year.end_date);
  const employedDays = daysInclusive(from, to);
  const fraction = yearDays > 0 ? employedDays / yearDays : 0;
  // Again multiply before dividing, so that a whole year leaves a value untouched.
  const ofYear = (value: number) => (yearDays > 0 ? (value * employedDays) / yearDays : 0);

  const [part, whole] = unit === 'days' ? [daysPerWeek, input.full_time_days_per_week] : [hoursPerWeek, input.full_time_hours_per_week];
  // Multiply before dividing: 28 × 3 ÷ 5 is exactly 16.8, 28 × (3 ÷ 5) is not.
  const share = (value: number) => (whole > 0 ? (value * part) / whole : 0);
  const years = completedYears(input.service_start ?? input.employment_start ?? year.start_date, year.end_date);
  const fullExtra = serviceExtra(input.service_steps, years);
  const allowance = Math.max(0, input.allowance);
  const ceiling = allowance + fullExtra;

  const patternAllowance = share(allowance);
  const patternExtra = share(fullExtra);
  if (unit === 'days') {
    explanation.push(
      `${amount(unit, allowance)} × ${show(daysPerWeek)}/${show(input.full_time_days_per_week)} days a week = ${amount(unit, patternAllowance)}`,
    );
  } else {
    explanation.push(
      `${amount(unit, allowance)} × ${show(hoursPerWeek)}/${show(input.full_time_hours_per_week)} hours a week = ${amount(unit, patternAllowance)}`,
    );
  }
  if (fullExtra > 0) {
    explanation.push(
      `${amount(unit, fullExtra)} for ${years} ${years === 1 ? 'year' : 'years'} of service, pro rata ${amount(unit, patternExtra)}`,
    );
  }
  let value = ofYear(patternAllowance + patternExtra);
  if (fraction < 1) {
    explanation.push(
      `× ${employedDays}/${yearDays} days of the leave year employed (${formatDay(from)} to ${formatDay(to)}) = ${amount(unit, value)}`,
    );
  }
  if (value > ofYear(ceiling)) {
    value = ofYear(ceiling);
    explanation.push(`Capped at the full-time allowance: ${amount(unit, value)}`);
  }

  // Bank holidays on the person's working days within the employed part of the year.
  let bankHolidayDays = 0;
  let bankHolidayAmount = 0;
  for (const date of input.bankHolidays.keys()) {
    if (date < from || date > to) continue;
    const dayHours = hoursOn(week, date);
    if (dayHours <= 0) continue;
    bankHolidayDays += 1;
    bankHolidayAmount += unit === 'days' ? 1 : dayHours;
  }
  bankHolidayAmount = settle(bankHolidayAmount);

  const statutoryFull = unit === 'days' ? statutoryMinimumDays(daysPerWeek) : statutoryMinimumHours(week);
  const statutory = ofYear(statutoryFull);
  const floor = input.bank_holidays === 'on_top' ? Math.max(0, statutory - bankHolidayAmount) : statutory;
  if (value < floor) {
    value = floor;
    explanation.push(
      input.bank_holidays === 'on_top'
        ? `Raised to the statutory minimum of ${amount(unit, statutory)} less ${amount(unit, bankHolidayAmount)} of bank holidays on top: ${amount(unit, floor)}`
        : `Raised to the statutory minimum: ${amount(unit, statutory)}`,
    );
  }

  const rounded = roundUpFor(unit, value);
  // Rounding up never takes a person past the full-time allowance unless the law demands it.
  const entitlement = value <= ceiling ? Math.min(rounded, ceiling) : rounded;
  if (entitlement !== settle(value)) {
    explanation.push(`Rounded up to the nearest ${unit === 'days' ? 'half day' : 'quarter hour'}: ${amount(unit, entitlement)}`);
  } else {
    explanation.push(`Entitlement: ${amount(unit, entitlement)}`);
  }
  if (input.bank_holidays === 'included') {
    explanation.push(
      `Includes ${bankHolidayDays} bank ${bankHolidayDays === 1 ? 'holiday' : 'holidays'} on working days (${amount(unit, bankHolidayAmount)}), taken from the allowance`,
    );
  } else {
    explanation.push(
      `Plus ${bankHolidayDays} bank ${bankHolidayDays === 1 ? 'holiday' : 'holidays'} on working days (${amount(unit, bankHolidayAmount)}) on top of the allowance`,
    );
  }

  return {
    entitlement,
    bank_holiday_deduction: input.bank_holidays === 'included' ? bankHolidayAmount : 0,
    statutory_minimum: twoPlaces(statutory),
    service_extra: twoPlaces(ofYear(patternExtra)),
    fraction_of_year: fraction,
    unrounded: value,
    explanation,
  };
}

function twoPlaces(value: number): number {
  return Math.round(value * 100) / 100;
}
function formatDay(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

// ---- Length of service ---------------------------------------------------------------------

/** Whole years between `start` and `date` (an anniversary counts on the day). */
export function completedYears(start: string, date: string): number {
  if (date < start) return 0;
  const years = Number(date.slice(0, 4)) - Number(start.slice(0, 4));
  return date.slice(5) >= start.slice(5) ? years : years - 1;
}
/** The extra allowance of the highest step reached (0 when none is). */
export function serviceExtra(steps: ServiceStep[], years: number): number {
  let best: ServiceStep | null = null;
  for (const step of steps) {
    if (step.after_years <= years && (best === null || step.after_years > best.after_years)) best = step;
  }
  return best ? best.extra : 0;
}
