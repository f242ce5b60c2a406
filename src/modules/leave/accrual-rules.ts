// Accrual and carry-over, pure and isomorphic: how a year's allowance
// builds up month by month or by hours worked, what carries into the next year and when it
// expires.
import type { LeaveUnit } from './leave.contract';
import { roundUpFor, roundUpToQuarter, addMonths, addDays, IRREGULAR_HOURS_ACCRUAL_RATE, type LeaveYear } from './leave-rules';

/** Monthly accrual: a month of the leave year counts once it has started; entitlement × months ÷ 12, rounded up, never above the entitlement. */
export function accruedToDate(entitlement: number, unit: LeaveUnit, year: LeaveYear, date: string): number {
  if (date < year.start_date) return 0;
  let months = 0;
  while (months < 12 && addMonths(year.start_date, months) <= date) months += 1;
  return Math.min(entitlement, roundUpFor(unit, (entitlement * months) / 12));
}
/** 12.07% of hours worked, in hours, rounded up to a quarter. */
export function irregularHoursAccrual(hoursWorked: number): number {
  return roundUpToQuarter(Math.max(0, hoursWorked) * IRREGULAR_HOURS_ACCRUAL_RATE);
}
/** Carried into the next year: what remains, capped, never negative, rounded up for the unit. */
export function carryOver(remaining: number, cap: number, unit: LeaveUnit): number {
  return roundUpFor(unit, Math.min(Math.max(remaining, 0), Math.max(cap, 0)));
}
/**
 * When the carried-over amount expires: carried-over days expire at the end of the day before
 * the year's start plus `months`, so this returns that last usable day (1 January + 3 months
 * → 31 March); null when `months` is 0 (they never expire).
 */
export function carryOverExpiry(year: LeaveYear, months: number): string | null {
  if (months <= 0) return null;
  return addDays(addMonths(year.start_date, months), -1);
}
/** What expires of `carried` when `usedBeforeExpiry` was taken before the expiry date (leave is drawn from carry-over first). */
export function carryOverExpiring(carried: number, usedBeforeExpiry: number): number {
  return Math.max(0, carried - Math.max(0, usedBeforeExpiry));
}
