// Properties of the leave arithmetic over random patterns, dates, policies and bank holidays:
// entitlement is never negative, never above the full-time allowance (plus service) and never
// below the statutory minimum; a request deducts exactly the sum of its days, never a negative
// amount, and the same whether taken at once or split in two; rounding is only ever up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankHolidayMap } from './bank-holidays';
import {
  addDays,
  dateFromDayNumber,
  dayNumber,
  hoursOn,
  leaveYearFor,
  proRataEntitlement,
  requestDeduction,
  roundUpFor,
  statutoryMinimumDays,
  statutoryMinimumHours,
  workingDaysPerWeek,
  type DeductionInput,
  type EntitlementInput,
  type WeekHours,
} from './leave-rules';
import { accruedToDate, carryOver } from './accrual-rules';
import { BANK_HOLIDAY_REGIONS, type LeaveUnit } from './leave.contract';

const RUNS = { numRuns: 300 };

/** Hours on a day: a day off about a third of the time, else quarter hours up to 12. */
const dayHours = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 48 }).map((quarters) => quarters / 4),
);
const weekArb: fc.Arbitrary<WeekHours> = fc.record({
  mon_hours: dayHours,
  tue_hours: dayHours,
  wed_hours: dayHours,
  thu_hours: dayHours,
  fri_hours: dayHours,
  sat_hours: dayHours,
  sun_hours: dayHours,
});
const dateArb = fc.integer({ min: dayNumber('2018-01-01'), max: dayNumber('2030-12-31') }).map(dateFromDayNumber);
const unitArb = fc.constantFrom<LeaveUnit>('days', 'hours');
const regionArb = fc.constantFrom(...BANK_HOLIDAY_REGIONS);
const stepsArb = fc.array(fc.record({ after_years: fc.integer({ min: 0, max: 20 }), extra: fc.integer({ min: 0, max: 10 }) }), {
  maxLength: 3,
});

const entitlementArb: fc.Arbitrary<EntitlementInput> = fc
  .record({
    unit: unitArb,
    allowanceDays: fc.integer({ min: 0, max: 80 }).map((halves) => halves / 2),
    full_time_days_per_week: fc.integer({ min: 1, max: 7 }),
    full_time_hours_per_week: fc.integer({ min: 4, max: 200 }).map((quarters) => quarters / 4),
    bank_holidays: fc.constantFrom('included' as const, 'on_top' as const),
    service_steps: stepsArb,
    week: weekArb,
    yearDate: dateArb,
    startMonth: fc.integer({ min: 1, max: 12 }),
    employment_start: fc.option(dateArb, { nil: null }),
    employment_end: fc.option(dateArb, { nil: null }),
    service_start: fc.option(dateArb, { nil: null }),
    region: regionArb,
  })
  .map((input) => {
    const year = leaveYearFor(input.yearDate, input.startMonth, 1);
    return {
      unit: input.unit,
      allowance: input.unit === 'days' ? input.allowanceDays : input.allowanceDays * 7.5,
      full_time_days_per_week: input.full_time_days_per_week,
      full_time_hours_per_week: input.full_time_hours_per_week,
      bank_holidays: input.bank_holidays,
      service_steps: input.service_steps,
      week: input.week,
      year,
      employment_start: input.employment_start,
      employment_end: input.employment_end,
      service_start: input.service_start,
      bankHolidays: bankHolidayMap(input.region, year.start_date, year.end_date),
    };
  });

/** The full-year statutory minimum for the pattern, in the unit. */
const statutoryFor = (input: EntitlementInput) =>
  input.unit === 'days' ? statutoryMinimumDays(workingDaysPerWeek(input.week)) : statutoryMinimumHours(input.week);
const stepOf = (unit: LeaveUnit) => (unit === 'days' ? 0.5 : 0.25);
const EPSILON = 1e-9;

describe('pro-rata entitlement', () => {
  it('is never negative and always a whole number of rounding steps', () => {
    fc.assert(
      fc.property(entitlementArb, (input) => {
        const { entitlement } = proRataEntitlement(input);
        expect(entitlement).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(entitlement / stepOf(input.unit))).toBe(true);
      }),
      RUNS,
    );
  });

  it('is never above the full-time allowance plus service when the allowance meets the statutory minimum', () => {
    fc.assert(
      fc.property(entitlementArb, (input) => {
        fc.pre(input.allowance >= statutoryFor(input));
        const result = proRataEntitlement(input);
        const maxExtra = Math.max(0, ...input.service_steps.map((step) => step.extra));
        expect(result.entitlement).toBeLessThanOrEqual(input.allowance + maxExtra);
      }),
      RUNS,
    );
  });

  it('is never below the statutory minimum for the pattern and part of the year (with bank holidays on top counted)', () => {
    fc.assert(
      fc.property(entitlementArb, (input) => {
        const result = proRataEntitlement(input);
        const floor = statutoryFor(input) * result.fraction_of_year;
        if (input.bank_holidays === 'included') {
          expect(result.entitlement).toBeGreaterThanOrEqual(floor - EPSILON);
        } else {
          const onTop = [...input.bankHolidays.keys()]
            .filter((date) => date >= (input.employment_start ?? '') && (input.employment_end === null || date <= input.employment_end))
            .reduce((sum, date) => {
              const hours = hoursOn(input.week, date);
              return hours > 0 ? sum + (input.unit === 'days' ? 1 : hours) : sum;
            }, 0);
          expect(result.entitlement + onTop).toBeGreaterThanOrEqual(floor - EPSILON);
          expect(result.bank_holiday_deduction).toBe(0);
        }
      }),
      RUNS,
    );
  });

  it('rounds only up, by less than one step', () => {
    fc.assert(
      fc.property(entitlementArb, (input) => {
        const { entitlement, unrounded } = proRataEntitlement(input);
        expect(entitlement).toBeGreaterThanOrEqual(unrounded - EPSILON);
        expect(entitlement).toBeLessThan(unrounded + stepOf(input.unit));
      }),
      RUNS,
    );
  });

  it('is the allowance × the pattern share for a whole year, when the law and the cap do not intervene', () => {
    fc.assert(
      fc.property(entitlementArb, (input) => {
        const whole = { ...input, employment_start: null, employment_end: null, service_steps: [], bank_holidays: 'included' as const };
        const share =
          input.unit === 'days'
            ? workingDaysPerWeek(input.week) / input.full_time_days_per_week
            : Object.values(input.week).reduce((a, b) => a + b, 0) / input.full_time_hours_per_week;
        fc.pre(share <= 1 && input.allowance * share >= statutoryFor(input));
        expect(proRataEntitlement(whole).entitlement).toBe(roundUpFor(input.unit, input.allowance * share));
      }),
      RUNS,
    );
  });

  // Only with bank holidays included: with them on top, a leaver who misses Christmas rightly
  // needs more of the allowance to reach the statutory minimum than a whole-year colleague.
  it('never gives a part-year worker more than a whole year when bank holidays are included', () => {
    fc.assert(
      fc.property(entitlementArb, (input) => {
        fc.pre(input.bank_holidays === 'included');
        // Same length of service: only the part of the year changes.
        const wholeYear = proRataEntitlement({
          ...input,
          employment_start: null,
          employment_end: null,
          service_start: input.service_start ?? input.employment_start,
        });
        expect(proRataEntitlement(input).entitlement).toBeLessThanOrEqual(wholeYear.entitlement + EPSILON);
      }),
      RUNS,
    );
  });
});

const deductionArb: fc.Arbitrary<DeductionInput> = fc
  .record({
    start: dateArb,
    length: fc.integer({ min: 0, max: 40 }),
    duration_type: fc.constantFrom('days' as const, 'half_day' as const, 'hours' as const),
    half_day_part: fc.constantFrom('morning' as const, 'afternoon' as const),
    hours: fc.integer({ min: 0, max: 56 }).map((quarters) => quarters / 4),
    unit: unitArb,
    week: weekArb,
    region: regionArb,
  })
  .map((input) => {
    // Half days and hours are single-day requests, as the contract requires.
    const end = input.duration_type === 'days' ? addDays(input.start, input.length) : input.start;
    return {
      start_date: input.start,
      end_date: end,
      duration_type: input.duration_type,
      half_day_part: input.duration_type === 'half_day' ? input.half_day_part : null,
      hours: input.duration_type === 'hours' ? input.hours : null,
      unit: input.unit,
      week: input.week,
      bankHolidays: bankHolidayMap(input.region, input.start, end),
    };
  });

describe('request deductions', () => {
  it('equal the sum over their days, never negative, one entry per calendar day', () => {
    fc.assert(
      fc.property(deductionArb, (input) => {
        const result = requestDeduction(input);
        expect(result.total).toBe(result.days.reduce((sum, day) => sum + day.amount, 0));
        expect(result.total).toBeGreaterThanOrEqual(0);
        expect(result.days).toHaveLength(dayNumber(input.end_date) - dayNumber(input.start_date) + 1);
        for (const day of result.days) {
          expect(day.amount).toBeGreaterThanOrEqual(0);
          if (day.skipped) expect(day.amount).toBe(0);
          if (input.unit === 'days') expect(day.amount).toBeLessThanOrEqual(1);
          else expect(day.amount).toBeLessThanOrEqual(Math.max(hoursOn(input.week, day.date), input.hours ?? 0));
        }
      }),
      RUNS,
    );
  });

  it('skip exactly the non-working days and the bank holidays on working days', () => {
    fc.assert(
      fc.property(deductionArb, (input) => {
        for (const day of requestDeduction(input).days) {
          const working = hoursOn(input.week, day.date) > 0;
          const bankHoliday = input.bankHolidays.has(day.date);
          expect(day.skipped).toBe(!working ? 'non_working' : bankHoliday ? 'bank_holiday' : null);
        }
      }),
      RUNS,
    );
  });

  it('are the same when a request is split into two adjacent requests', () => {
    fc.assert(
      fc.property(deductionArb, fc.nat(), (input, cut) => {
        const full = { ...input, duration_type: 'days' as const, half_day_part: null, hours: null };
        const length = dayNumber(full.end_date) - dayNumber(full.start_date);
        fc.pre(length >= 1);
        const firstEnd = addDays(full.start_date, cut % length);
        const first = requestDeduction({ ...full, end_date: firstEnd });
        const second = requestDeduction({ ...full, start_date: addDays(firstEnd, 1) });
        expect(first.total + second.total).toBe(requestDeduction(full).total);
      }),
      RUNS,
    );
  });
});

describe('rounding, accrual and carry-over', () => {
  it('rounds up, by less than one step', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 10_000, noNaN: true }), unitArb, (value, unit) => {
        const rounded = roundUpFor(unit, value);
        expect(rounded).toBeGreaterThanOrEqual(value - EPSILON);
        expect(rounded).toBeLessThan(value + stepOf(unit));
      }),
      RUNS,
    );
  });

  it('accrues monthly towards the entitlement without passing it, never going down', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120 }), dateArb, fc.integer({ min: 0, max: 400 }), unitArb, (halves, date, later, unit) => {
        const entitlement = halves / 2;
        const year = leaveYearFor(date, 4, 1);
        const now = accruedToDate(entitlement, unit, year, date);
        expect(now).toBeGreaterThanOrEqual(0);
        expect(now).toBeLessThanOrEqual(entitlement);
        expect(accruedToDate(entitlement, unit, year, addDays(date, later))).toBeGreaterThanOrEqual(now);
        expect(accruedToDate(entitlement, unit, year, year.end_date)).toBe(entitlement);
      }),
      RUNS,
    );
  });

  it('carries over between nothing and the cap', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), fc.integer({ min: 0, max: 20 }), unitArb, (remaining, cap, unit) => {
        const carried = carryOver(remaining, cap, unit);
        expect(carried).toBeGreaterThanOrEqual(0);
        expect(carried).toBeLessThanOrEqual(cap);
        expect(carried).toBeGreaterThanOrEqual(Math.min(Math.max(remaining, 0), cap) - EPSILON);
      }),
      RUNS,
    );
  });
});
