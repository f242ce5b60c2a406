// Holiday pay and sickness carry-over with the numbers a payroll manager checks by hand: WTR
// reg 13(10)–(11), reg 16A (rolled-up pay) and ERA 1996 ss. 221–224 (the 52-week reference).
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK, addDays, type WeekHours } from './leave-rules';
import {
  firstFourWeeksIn,
  holidayPayReference,
  mondayOf,
  reg13Leave,
  rolledUpApplies,
  rolledUpHolidayPay,
  rolledUpHours,
  sicknessCarryOver,
  sicknessCarryOverExpiry,
  sicknessLinesLeft,
  type WorkedHours,
} from './holiday-rules';

const YEAR_2026 = { start_date: '2026-01-01', end_date: '2026-12-31' };
const MON_TO_WED: WeekHours = { ...DEFAULT_WEEK, thu_hours: 0, fri_hours: 0 };

describe('carry-over of leave sickness prevented', () => {
  it('WTR reg 13(10)–(11): 10 days of sickness-prevented leave carry into the next year and expire 18 months after the year ends (31/12/2026 → 30/06/2028)', () => {
    // Mon–Fri: reg 13 leave is 4 × 5 = 20 days; 2 days and 8 bank holidays taken leave 10 of them; 18 days left; 60 days off sick.
    const result = sicknessCarryOver({
      unit: 'days',
      week: DEFAULT_WEEK,
      year: YEAR_2026,
      fractionOfYear: 1,
      remaining: 18,
      taken: 10,
      sick: 60,
    });
    expect(result).toMatchObject({ carried: 10, expires_on: '2028-06-30', reg13: 20 });
    expect(result?.explanation).toContain('20 days of reg 13 leave less 10 days taken = 10 days');
    expect(result?.explanation).toContain('usable until 30/06/2028');
  });

  it('WTR reg 13(10): carries no more than 4 weeks (20 days for Mon–Fri), however long the sickness', () => {
    const result = sicknessCarryOver({
      unit: 'days',
      week: DEFAULT_WEEK,
      year: YEAR_2026,
      fractionOfYear: 1,
      remaining: 28,
      taken: 0,
      sick: 200,
    });
    expect(result?.carried).toBe(20);
  });

  it('WTR reg 13(10): carries no more than the sickness covered (3 days) nor what is left', () => {
    const base = { unit: 'days' as const, week: DEFAULT_WEEK, year: YEAR_2026, fractionOfYear: 1, taken: 0 };
    expect(sicknessCarryOver({ ...base, remaining: 15, sick: 3 })?.carried).toBe(3);
    expect(sicknessCarryOver({ ...base, remaining: 2.5, sick: 40 })?.carried).toBe(2.5);
  });

  it('WTR reg 13(10) pro rata: Mon–Wed 7.5 hours for half the year is 4 × 22.5 × ½ = 45 hours; 20 taken leaves 25 to carry', () => {
    expect(reg13Leave({ unit: 'hours', week: MON_TO_WED, fractionOfYear: 0.5 })).toBe(45);
    const result = sicknessCarryOver({
      unit: 'hours',
      week: MON_TO_WED,
      year: YEAR_2026,
      fractionOfYear: 0.5,
      remaining: 40,
      taken: 20,
      sick: 30,
    });
    expect(result?.carried).toBe(25);
  });

  it('WTR reg 13(10): nothing carries when the 4 weeks were taken, or there was no sickness', () => {
    const base = { unit: 'days' as const, week: DEFAULT_WEEK, year: YEAR_2026, fractionOfYear: 1 };
    expect(sicknessCarryOver({ ...base, remaining: 8, taken: 20, sick: 30 })).toBeNull();
    expect(sicknessCarryOver({ ...base, remaining: 8, taken: 5, sick: 0 })).toBeNull();
  });

  it('WTR reg 13(11): a leave year from 1 April 2026 to 31 March 2027 gives until 30/09/2028', () => {
    expect(sicknessCarryOverExpiry({ start_date: '2026-04-01', end_date: '2027-03-31' })).toBe('2028-09-30');
  });

  it('draws the policy’s carry-over first, then sickness lines soonest expiry first: 6 used, 2 of policy → the 3 expiring 2027 used up, 4 of 5 left', () => {
    const lines = [
      { amount: 5, expires_on: '2028-06-30' },
      { amount: 3, expires_on: '2027-06-30' },
    ];
    expect(sicknessLinesLeft(lines, 6, 2)).toEqual([4, 0]);
    expect(sicknessLinesLeft(lines, 1, 2)).toEqual([5, 3]);
  });
});

describe('rolled-up holiday pay', () => {
  it('WTR reg 16A: 12.07% of £366.30 (30 hours at £12.21) is £44.21; of £1,000 is £120.70', () => {
    expect(rolledUpHolidayPay(366.3)).toBe(44.21);
    expect(rolledUpHolidayPay(1000)).toBe(120.7);
    expect(rolledUpHours(120)).toBe(14.48);
  });

  it('WTR reg 16A: only for irregular-hours and part-year workers, when chosen, in leave years from 1 April 2024', () => {
    expect(rolledUpApplies({ enabled: true, irregular: true, yearStart: '2024-04-01' })).toBe(true);
    expect(rolledUpApplies({ enabled: true, irregular: true, yearStart: '2024-01-01' })).toBe(false);
    expect(rolledUpApplies({ enabled: false, irregular: true, yearStart: '2026-01-01' })).toBe(false);
    expect(rolledUpApplies({ enabled: true, irregular: false, yearStart: '2026-01-01' })).toBe(false);
  });
});

/** `hours` on each Monday of the `count` weeks ending the week before `lastMonday + 7`. */
const weeksOf = (lastMonday: string, count: number, hours: number): WorkedHours[] =>
  Array.from({ length: count }, (_, index) => ({ date: addDays(lastMonday, -7 * index), hours }));

describe('the 52-week holiday-pay reference', () => {
  // Calculated on Wednesday 3 June 2026: the last complete week is Mon 25 – Sun 31 May 2026.
  const AS_OF = '2026-06-03';
  const LAST_MONDAY = '2026-05-25';

  it('weeks run Monday to Sunday', () => {
    expect(mondayOf('2026-06-03')).toBe('2026-06-01');
    expect(mondayOf('2026-05-31')).toBe('2026-05-25');
    expect(mondayOf('2026-06-01')).toBe('2026-06-01');
  });

  it('ERA 1996 s. 224 with WTR reg 16: 52 weeks of 37.5 hours plus 5 hours’ regular overtime in 26 of them average 40 hours', () => {
    const worked = [...weeksOf(LAST_MONDAY, 52, 37.5), ...weeksOf(LAST_MONDAY, 26, 5)];
    expect(holidayPayReference(worked, AS_OF)).toEqual({
      average_weekly_hours: 40,
      weeks_counted: 52,
      total_hours: 2080,
      from: '2025-06-02',
      to: '2026-05-31',
    });
  });

  it('WTR reg 16(3), ERA 1996 s. 224: weeks with no work are skipped and older weeks taken instead (12 weeks off sick: the 52 reach back 64 weeks)', () => {
    const recent = weeksOf(LAST_MONDAY, 20, 30);
    const older = weeksOf(addDays(LAST_MONDAY, -7 * 32), 40, 20);
    const result = holidayPayReference([...recent, ...older], AS_OF);
    // 20 × 30 + 32 × 20 = 1,240 over 52 weeks = 23.85.
    expect(result).toMatchObject({ weeks_counted: 52, total_hours: 1240, average_weekly_hours: 23.85 });
    expect(result.from).toBe(addDays(LAST_MONDAY, -7 * 63));
  });

  it('WTR reg 16(3), ERA 1996 s. 224: looks back no more than 104 weeks, and averages fewer weeks when that is all there is (10 weeks of 16 hours → 16)', () => {
    const tooOld = { date: addDays(LAST_MONDAY, -7 * 104), hours: 500 };
    expect(holidayPayReference([...weeksOf(LAST_MONDAY, 10, 16), tooOld], AS_OF)).toMatchObject({
      average_weekly_hours: 16,
      weeks_counted: 10,
    });
  });

  it('leaves out the week not yet complete, and says there is no reference without work', () => {
    expect(holidayPayReference([{ date: '2026-06-01', hours: 8 }], AS_OF)).toMatchObject({ average_weekly_hours: null, weeks_counted: 0 });
  });

  it('WTR reg 16: of 23 days taken, the 2 of June’s 5 within the first 20 (4 weeks of Mon–Fri) are paid at the reference', () => {
    const days = [
      ...Array.from({ length: 18 }, (_, index) => ({ date: addDays('2026-03-02', index), amount: 1 })),
      ...Array.from({ length: 5 }, (_, index) => ({ date: addDays('2026-06-08', index), amount: 1 })),
    ];
    expect(firstFourWeeksIn(days, 20, { from: '2026-06-01', to: '2026-06-30' })).toBe(2);
    expect(firstFourWeeksIn(days, 20, { from: '2026-03-01', to: '2026-03-31' })).toBe(18);
  });
});
