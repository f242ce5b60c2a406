// The named UK cases a payroll manager checks by hand: statutory minimum and pro rata, starters,
// bank holidays in or on top, carry-over and its expiry, accrual, request deductions and the
// Bradford factor. Properties over random inputs are in leave-rules.property.test.ts.
import { describe, expect, it } from 'vitest';
import { bankHolidayMap } from './bank-holidays';
import {
  DEFAULT_WEEK,
  addMonths,
  dayShareOn,
  leaveYearFor,
  proRataEntitlement,
  requestDeduction,
  statutoryMinimumDays,
  statutoryMinimumHours,
  type DeductionInput,
  type EntitlementInput,
  type WeekHours,
  completedYears,
  serviceExtra,
} from './leave-rules';
import { accruedToDate, carryOver, carryOverExpiring, carryOverExpiry, irregularHoursAccrual } from './accrual-rules';
import { bradfordScore, bradfordSpells } from './bradford-factor';

const YEAR_2025 = { start_date: '2025-01-01', end_date: '2025-12-31' };
const ENGLAND_2025 = bankHolidayMap('england-and-wales', '2025-01-01', '2025-12-31');
const week = (days: Partial<WeekHours>): WeekHours => ({
  mon_hours: 0,
  tue_hours: 0,
  wed_hours: 0,
  thu_hours: 0,
  fri_hours: 0,
  sat_hours: 0,
  sun_hours: 0,
  ...days,
});
const MON_TO_WED = week({ mon_hours: 7.5, tue_hours: 7.5, wed_hours: 7.5 });
const MON_TO_SAT = { ...DEFAULT_WEEK, sat_hours: 7.5 };

const entitlement = (overrides: Partial<EntitlementInput>) =>
  proRataEntitlement({
    unit: 'days',
    allowance: 28,
    full_time_days_per_week: 5,
    full_time_hours_per_week: 37.5,
    bank_holidays: 'included',
    service_steps: [],
    week: DEFAULT_WEEK,
    year: YEAR_2025,
    employment_start: '2020-01-01',
    employment_end: null,
    service_start: null,
    bankHolidays: ENGLAND_2025,
    ...overrides,
  });

const deduction = (overrides: Partial<DeductionInput>) =>
  requestDeduction({
    start_date: '2025-08-26',
    end_date: '2025-08-26',
    duration_type: 'days',
    half_day_part: null,
    hours: null,
    unit: 'days',
    week: DEFAULT_WEEK,
    bankHolidays: ENGLAND_2025,
    ...overrides,
  });

describe('leave years', () => {
  it('runs from the latest start on or before the date to the day before the next start', () => {
    expect(leaveYearFor('2025-06-15', 1, 1)).toEqual(YEAR_2025);
    expect(leaveYearFor('2025-03-31', 4, 1)).toEqual({ start_date: '2024-04-01', end_date: '2025-03-31' });
    expect(leaveYearFor('2025-04-01', 4, 1)).toEqual({ start_date: '2025-04-01', end_date: '2026-03-31' });
    expect(leaveYearFor('2024-12-31', 1, 1)).toEqual({ start_date: '2024-01-01', end_date: '2024-12-31' });
  });

  it('adds months without running past the end of a short month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2025-11-15', 3)).toBe('2026-02-15');
  });
});

describe('the part of a working day an absence takes', () => {
  // Monday 7 December 2026 is worked 7.5 hours on Monday to Wednesday; Thursday 10th is not.
  it('is a whole day, a half day, or hours as a share of that day, and nothing on a day not worked', () => {
    expect(dayShareOn(MON_TO_WED, '2026-12-07', { duration_type: 'days', hours: null })).toBe(1);
    expect(dayShareOn(MON_TO_WED, '2026-12-07', { duration_type: 'half_day', hours: null })).toBe(0.5);
    expect(dayShareOn(MON_TO_WED, '2026-12-07', { duration_type: 'hours', hours: 3 })).toBe(0.4);
    expect(dayShareOn(MON_TO_WED, '2026-12-07', { duration_type: 'hours', hours: 10 })).toBe(1);
    expect(dayShareOn(MON_TO_WED, '2026-12-10', { duration_type: 'days', hours: null })).toBe(0);
  });
});

describe('the statutory minimum', () => {
  it('is 5.6 weeks of the working days, capped at 28', () => {
    expect(statutoryMinimumDays(3)).toBe(16.8);
    expect(statutoryMinimumDays(5)).toBe(28);
    expect(statutoryMinimumDays(6)).toBe(28);
  });

  it('in hours is 5.6 weeks of the weekly hours, capped at 28 average days', () => {
    expect(statutoryMinimumHours(DEFAULT_WEEK)).toBe(210);
    expect(statutoryMinimumHours(MON_TO_WED)).toBe(126);
    expect(statutoryMinimumHours(MON_TO_SAT)).toBe(210);
  });
});

describe('pro-rata entitlement', () => {
  it('gives a full-time employee the full 28 days', () => {
    const result = entitlement({});
    expect(result.entitlement).toBe(28);
    expect(result.fraction_of_year).toBe(1);
    expect(result.bank_holiday_deduction).toBe(8);
  });

  it('gives 3 days a week 16.8 days, rounded up to 17', () => {
    const result = entitlement({ week: MON_TO_WED });
    expect(result.unrounded).toBeCloseTo(16.8, 10);
    expect(result.entitlement).toBe(17);
    expect(result.statutory_minimum).toBe(16.8);
    expect(result.explanation[0]).toBe('28 days × 3/5 days a week = 16.8 days');
    expect(result.explanation).toContain('Rounded up to the nearest half day: 17 days');
    // Mondays to Wednesdays of 2025: 1 Jan, 21 Apr, 5 May, 26 May and 25 Aug.
    expect(result.bank_holiday_deduction).toBe(5);
  });

  it('caps a 6-day week at the full-time 28 days', () => {
    expect(entitlement({ week: MON_TO_SAT }).entitlement).toBe(28);
  });

  it('gives a starter on 1 October 28 × 92/365 = 7.06 days, rounded up to 7.5', () => {
    const result = entitlement({ employment_start: '2025-10-01' });
    expect(result.fraction_of_year).toBe(92 / 365);
    expect(result.unrounded).toBeCloseTo(7.0575, 4);
    expect(result.entitlement).toBe(7.5);
    expect(result.explanation.some((line) => line.includes('92/365 days of the leave year employed (01/10/2025 to 31/12/2025)'))).toBe(
      true,
    );
    // Only the bank holidays after the start count: 25 and 26 December.
    expect(result.bank_holiday_deduction).toBe(2);
  });

  it('pro-rates a leaver to the last day of employment', () => {
    const result = entitlement({ employment_end: '2025-06-30' });
    expect(result.fraction_of_year).toBe(181 / 365);
    expect(result.entitlement).toBe(14); // 28 × 181/365 = 13.88
  });

  it('gives nothing for a year the person was not employed in', () => {
    expect(entitlement({ employment_start: '2026-02-01' }).entitlement).toBe(0);
  });

  it('works in hours: 210 hours × 22.5/37.5 hours a week = 126 hours', () => {
    const result = entitlement({ unit: 'hours', allowance: 210, week: MON_TO_WED });
    expect(result.entitlement).toBe(126);
    expect(result.bank_holiday_deduction).toBe(37.5);
  });

  it('rounds hours up to the quarter hour', () => {
    // 210 × 92/365 = 52.93 hours.
    expect(entitlement({ unit: 'hours', allowance: 210, employment_start: '2025-10-01' }).entitlement).toBe(53);
  });

  it('raises an allowance below the law to the statutory minimum when bank holidays are included', () => {
    const result = entitlement({ allowance: 20 });
    expect(result.entitlement).toBe(28);
    expect(result.explanation).toContain('Raised to the statutory minimum: 28 days');
  });

  it('lets 20 days plus 8 bank holidays on top meet the minimum and stay 20', () => {
    const result = entitlement({ allowance: 20, bank_holidays: 'on_top' });
    expect(result.entitlement).toBe(20);
    expect(result.bank_holiday_deduction).toBe(0);
    expect(result.explanation).toContain('Plus 8 bank holidays on working days (8 days) on top of the allowance');
  });

  it('raises 18 days plus 8 bank holidays on top to 20', () => {
    expect(entitlement({ allowance: 18, bank_holidays: 'on_top' }).entitlement).toBe(20);
  });

  it('adds the highest length-of-service step reached by the end of the year', () => {
    const steps = [
      { after_years: 2, extra: 1 },
      { after_years: 5, extra: 3 },
    ];
    expect(entitlement({ service_steps: steps, service_start: '2019-06-01' }).entitlement).toBe(31);
    expect(entitlement({ service_steps: steps, employment_start: '2023-01-01' }).entitlement).toBe(29);
    // Pro rata for the pattern too: 31 × 3/5 = 18.6 → 19.
    const partTime = entitlement({ service_steps: steps, service_start: '2019-06-01', week: MON_TO_WED });
    expect(partTime.entitlement).toBe(19);
    expect(partTime.service_extra).toBe(1.8);
  });
});

describe('length of service', () => {
  it('counts whole years, an anniversary counting on the day', () => {
    expect(completedYears('2020-03-01', '2025-02-28')).toBe(4);
    expect(completedYears('2020-03-01', '2025-03-01')).toBe(5);
    expect(completedYears('2026-01-01', '2025-12-31')).toBe(0);
  });

  it('takes the highest step reached, or nothing', () => {
    const steps = [
      { after_years: 5, extra: 3 },
      { after_years: 2, extra: 1 },
    ];
    expect(serviceExtra(steps, 1)).toBe(0);
    expect(serviceExtra(steps, 2)).toBe(1);
    expect(serviceExtra(steps, 10)).toBe(3);
    expect(serviceExtra([], 10)).toBe(0);
  });
});

describe('accrual', () => {
  it('accrues monthly as each month of the leave year starts, rounded up', () => {
    expect(accruedToDate(28, 'days', YEAR_2025, '2024-12-31')).toBe(0);
    expect(accruedToDate(28, 'days', YEAR_2025, '2025-01-01')).toBe(2.5); // 2.33
    expect(accruedToDate(28, 'days', YEAR_2025, '2025-03-15')).toBe(7);
    expect(accruedToDate(28, 'days', YEAR_2025, '2025-07-01')).toBe(16.5); // 16.33
    expect(accruedToDate(28, 'days', YEAR_2025, '2025-12-31')).toBe(28);
    expect(accruedToDate(210, 'hours', YEAR_2025, '2025-01-20')).toBe(17.5);
  });

  it('gives irregular-hours workers 12.07% of hours worked, rounded up to a quarter hour', () => {
    expect(irregularHoursAccrual(100)).toBe(12.25);
    expect(irregularHoursAccrual(0)).toBe(0);
    expect(irregularHoursAccrual(1000)).toBe(120.75);
  });
});

describe('carry-over', () => {
  it('carries what remains up to the cap, never a negative balance', () => {
    expect(carryOver(10, 5, 'days')).toBe(5);
    expect(carryOver(3.2, 5, 'days')).toBe(3.5);
    expect(carryOver(-2, 5, 'days')).toBe(0);
    expect(carryOver(10, 0, 'days')).toBe(0);
    expect(carryOver(7.1, 40, 'hours')).toBe(7.25);
  });

  it('expires at the end of the day before the year start plus the months', () => {
    expect(carryOverExpiry(YEAR_2025, 3)).toBe('2025-03-31');
    expect(carryOverExpiry({ start_date: '2025-04-01', end_date: '2026-03-31' }, 3)).toBe('2025-06-30');
    expect(carryOverExpiry(YEAR_2025, 12)).toBe('2025-12-31');
    expect(carryOverExpiry(YEAR_2025, 0)).toBeNull();
  });

  it('loses what was not used before the expiry: 5 carried, 2 used → 3 expire', () => {
    expect(carryOverExpiring(5, 2)).toBe(3);
    expect(carryOverExpiring(5, 7)).toBe(0);
  });
});

describe('request deductions', () => {
  it('skips the weekend and the summer bank holiday over a week', () => {
    const result = deduction({ start_date: '2025-08-25', end_date: '2025-08-31' });
    expect(result.total).toBe(4);
    expect(result.days).toHaveLength(7);
    expect(result.days[0]).toEqual({ date: '2025-08-25', amount: 0, skipped: 'bank_holiday', bank_holiday_name: 'Summer bank holiday' });
    expect(result.days[1]).toEqual({ date: '2025-08-26', amount: 1, skipped: null, bank_holiday_name: null });
    expect(result.days[5]).toMatchObject({ date: '2025-08-30', amount: 0, skipped: 'non_working' });
  });

  it('counts the pattern hours in an hours allowance', () => {
    expect(deduction({ start_date: '2025-08-25', end_date: '2025-08-31', unit: 'hours' }).total).toBe(30);
  });

  it('counts only the working days of a part-time pattern', () => {
    // Mon 1 – Sun 14 Sept 2025: 6 Mondays to Wednesdays.
    expect(deduction({ start_date: '2025-09-01', end_date: '2025-09-14', week: MON_TO_WED }).total).toBe(3 * 2);
  });

  it('counts half a day, or half of that day’s hours', () => {
    expect(deduction({ duration_type: 'half_day', half_day_part: 'morning' }).total).toBe(0.5);
    expect(deduction({ duration_type: 'half_day', half_day_part: 'afternoon', unit: 'hours' }).total).toBe(3.75);
    const saturday = deduction({ duration_type: 'half_day', half_day_part: 'morning', start_date: '2025-08-30', end_date: '2025-08-30' });
    expect(saturday.total).toBe(0);
    expect(saturday.days[0]?.skipped).toBe('non_working');
    const bankHoliday = deduction({
      duration_type: 'half_day',
      half_day_part: 'morning',
      start_date: '2025-08-25',
      end_date: '2025-08-25',
    });
    expect(bankHoliday.total).toBe(0);
    expect(bankHoliday.days[0]?.skipped).toBe('bank_holiday');
  });

  it('counts hours as hours, or as a share of the day rounded up to a half, never more than a day', () => {
    expect(deduction({ duration_type: 'hours', hours: 3, unit: 'hours' }).total).toBe(3);
    expect(deduction({ duration_type: 'hours', hours: 3 }).total).toBe(0.5);
    expect(deduction({ duration_type: 'hours', hours: 4 }).total).toBe(1);
    expect(deduction({ duration_type: 'hours', hours: 10 }).total).toBe(1);
    expect(deduction({ duration_type: 'hours', hours: 3, start_date: '2025-08-25', end_date: '2025-08-25' }).total).toBe(0);
  });

  it('deducts nothing when the range is empty', () => {
    expect(deduction({ start_date: '2025-08-27', end_date: '2025-08-26' })).toEqual({ total: 0, days: [] });
  });
});

describe('the Bradford factor', () => {
  it('scores three one-day spells as 3² × 3 = 27', () => {
    const spells = bradfordSpells(
      [
        { id: 'a', start_date: '2025-03-03', end_date: '2025-03-03', days: 1 },
        { id: 'c', start_date: '2025-03-17', end_date: '2025-03-17', days: 1 },
        { id: 'b', start_date: '2025-03-05', end_date: '2025-03-05', days: 1 },
      ],
      DEFAULT_WEEK,
    );
    expect(spells.map((spell) => spell.absence_ids)).toEqual([['a'], ['b'], ['c']]);
    expect(
      bradfordScore(
        spells.length,
        spells.reduce((sum, spell) => sum + spell.days, 0),
      ),
    ).toBe(27);
  });

  it('scores one spell of three days as 1² × 3 = 3', () => {
    const spells = bradfordSpells([{ id: 'a', start_date: '2025-03-04', end_date: '2025-03-06', days: 3 }], DEFAULT_WEEK);
    expect(spells).toHaveLength(1);
    expect(bradfordScore(spells.length, spells[0]!.days)).toBe(3);
  });

  it('joins a Friday and the next Monday across the weekend, and adjacent days', () => {
    const spells = bradfordSpells(
      [
        { id: 'fri', start_date: '2025-03-07', end_date: '2025-03-07', days: 1 },
        { id: 'mon', start_date: '2025-03-10', end_date: '2025-03-10', days: 1 },
        { id: 'tue', start_date: '2025-03-11', end_date: '2025-03-11', days: 1 },
      ],
      DEFAULT_WEEK,
    );
    expect(spells).toEqual([{ start_date: '2025-03-07', end_date: '2025-03-11', days: 3, absence_ids: ['fri', 'mon', 'tue'] }]);
  });

  it('joins across a part-timer’s days off but not across a working day', () => {
    const joined = bradfordSpells(
      [
        { id: 'wed', start_date: '2025-03-05', end_date: '2025-03-05', days: 1 },
        { id: 'mon', start_date: '2025-03-10', end_date: '2025-03-10', days: 1 },
      ],
      MON_TO_WED,
    );
    expect(joined).toHaveLength(1);
    const apart = bradfordSpells(
      [
        { id: 'wed', start_date: '2025-03-05', end_date: '2025-03-05', days: 1 },
        { id: 'mon', start_date: '2025-03-10', end_date: '2025-03-10', days: 1 },
      ],
      DEFAULT_WEEK,
    );
    expect(apart).toHaveLength(2);
  });
});
