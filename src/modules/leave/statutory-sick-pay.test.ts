// Statutory Sick Pay, one rule per test with its source and worked numbers (docs/uk-rules.md).
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { hoursOn, type WeekHours } from './leave-rules';
import { statutorySickPay, type SicknessSpell } from './statutory-sick-pay';

const week = (days: number[]): WeekHours => {
  const hours = (i: number) => (days.includes(i) ? 7.5 : 0);
  return {
    mon_hours: hours(1),
    tue_hours: hours(2),
    wed_hours: hours(3),
    thu_hours: hours(4),
    fri_hours: hours(5),
    sat_hours: 0,
    sun_hours: 0,
  };
};
const MON_TO_FRI = week([1, 2, 3, 4, 5]);
const MON_TUE_WED = week([1, 2, 3]);

function ssp(spells: SicknessSpell[], pattern: WeekHours, earnings: number | null) {
  return statutorySickPay({ spells, works: (date) => hoursOn(pattern, date) > 0, averageWeeklyEarnings: earnings });
}
const only = (result: ReturnType<typeof ssp>, id = 'a') => result.absences.get(id)!;
const statusOf = (result: ReturnType<typeof ssp>, date: string) => result.days.find((day) => day.date === date)?.status;

describe('Statutory Sick Pay', () => {
  it('ERA 2025 s. 10 and SSCBA s. 155: a period straddling 6 April 2026 has waiting days only for its days before it', () => {
    // Thu 2 – Thu 9 April 2026, Monday to Friday, £500 a week: Thu 2 and Fri 3 are waiting days
    // (old rules); from Mon 6 no waiting days, 4 days at £123.25 / 5 = £24.65 = £98.60.
    const result = ssp([{ id: 'a', start: '2026-04-02', end: '2026-04-09' }], MON_TO_FRI, 500);
    expect(only(result)).toMatchObject({ waitingDays: 2, paidDays: 4, amount: 98.6 });
    expect(statusOf(result, '2026-04-03')).toBe('waiting');
    expect(statusOf(result, '2026-04-06')).toBe('paid');
    // Under the old rules alone Mon 6 April would have been the third waiting day.
  });

  it('SSCBA s. 155 (before 6 April 2026): three waiting days, then £118.75 a week (2025/26)', () => {
    // Mon 23 March – Fri 3 April 2026: waiting Mon–Wed 23–25; Thu 26, Fri 27 at £23.75 = £47.50;
    // Mon 30 March – Fri 3 April £118.75; total £166.25.
    const result = ssp([{ id: 'a', start: '2026-03-23', end: '2026-04-03' }], MON_TO_FRI, 400);
    expect(only(result)).toMatchObject({ waitingDays: 3, paidDays: 7, amount: 166.25 });
  });

  it('ERA 2025: a low earner gets 80% of average weekly earnings, daily rates cut to 4 places and each week rounded up', () => {
    // Mon/Tue/Wed, £97 a week: 80% = £77.60 < £123.25; daily £77.60 / 3 = £25.8666 (cut);
    // a week of three days £77.5998, rounded up to £77.60. Sick Mon 4 – Sun 17 May 2026: £155.20.
    const result = ssp([{ id: 'a', start: '2026-05-04', end: '2026-05-17' }], MON_TUE_WED, 97);
    expect(only(result)).toMatchObject({ paidDays: 6, waitingDays: 0, amount: 155.2 });
    expect(result.days.filter((day) => day.status === 'paid').map((day) => day.amount)).toEqual([25.87, 25.87, 25.86, 25.87, 25.87, 25.86]);
    // The same person before 6 April 2026 earned below the £125 lower earnings limit: nothing.
    const before = ssp([{ id: 'b', start: '2026-03-02', end: '2026-03-15' }], MON_TUE_WED, 97);
    expect(only(before, 'b')).toMatchObject({ paidDays: 0, amount: 0, belowLowerEarningsLimit: true });
  });

  it('ERA 2025: earnings whose 80% is above the weekly rate get the weekly rate', () => {
    // £200 a week: 80% = £160 > £123.25, so Mon–Fri one week pays £123.25.
    const result = ssp([{ id: 'a', start: '2026-05-04', end: '2026-05-08' }], MON_TO_FRI, 200);
    expect(only(result)).toMatchObject({ paidDays: 5, amount: 123.25 });
  });

  it('SSCBA s. 152: periods 8 weeks (56 days) or less apart are linked and share the waiting days', () => {
    // Mon 5 – Thu 8 Jan 2026: waiting Mon–Wed, Thu paid £23.75. Fri 6 – Mon 9 March: 56 days
    // between, linked, no waiting days: Fri and Mon paid, £47.50.
    const linked = ssp(
      [
        { id: 'a', start: '2026-01-05', end: '2026-01-08' },
        { id: 'b', start: '2026-03-06', end: '2026-03-09' },
      ],
      MON_TO_FRI,
      400,
    );
    expect(only(linked, 'a')).toMatchObject({ waitingDays: 3, paidDays: 1, amount: 23.75 });
    expect(only(linked, 'b')).toMatchObject({ waitingDays: 0, paidDays: 2, amount: 47.5, linkedFrom: '2026-01-05' });
    // One day later (Sat 7 – Tue 10 March, 57 days between): a new period with its own waiting days.
    const apart = ssp(
      [
        { id: 'a', start: '2026-01-05', end: '2026-01-08' },
        { id: 'b', start: '2026-03-07', end: '2026-03-10' },
      ],
      MON_TO_FRI,
      400,
    );
    expect(only(apart, 'b')).toMatchObject({ waitingDays: 2, paidDays: 0, amount: 0, linkedFrom: null });
  });

  it('SSCBA s. 152 before, ERA 2025 s. 10 after: fewer than 4 days formed no period before 6 April 2026; one day does after', () => {
    const result = ssp(
      [
        { id: 'a', start: '2026-03-02', end: '2026-03-03' },
        { id: 'b', start: '2026-05-11', end: '2026-05-11' },
      ],
      MON_TO_FRI,
      400,
    );
    expect(statusOf(result, '2026-03-02')).toBe('no_period');
    expect(only(result, 'a')).toMatchObject({ paidDays: 0, amount: 0 });
    expect(only(result, 'b')).toMatchObject({ paidDays: 1, amount: 24.65 });
  });

  it('SSCBA s. 155(4): 28 weeks per linked period, then the SSP1 point', () => {
    // From Mon 4 May 2026, Monday to Friday, £400 a week: 140 days paid to Fri 13 November,
    // 28 × £123.25 = £3,451.00; Mon 16 November is the first day without SSP.
    const result = ssp([{ id: 'a', start: '2026-05-04', end: '2026-12-31' }], MON_TO_FRI, 400);
    expect(only(result)).toMatchObject({ paidDays: 140, amount: 3451, weeksUsed: 28, maximumReachedOn: '2026-11-16' });
    expect(statusOf(result, '2026-11-13')).toBe('paid');
    expect(statusOf(result, '2026-11-16')).toBe('maximum_reached');
  });

  it('no amount is guessed: earnings not entered, or a tax year whose rate is not recorded', () => {
    expect(only(ssp([{ id: 'a', start: '2026-05-04', end: '2026-05-08' }], MON_TO_FRI, null))).toMatchObject({
      paidDays: 0,
      earningsMissing: true,
    });
    expect(only(ssp([{ id: 'a', start: '2099-04-13', end: '2099-04-17' }], MON_TO_FRI, 400))).toMatchObject({
      paidDays: 0,
      rateMissing: true,
    });
  });

  it('SSP (General) Regulations 1982 reg. 5: a week with no working day has Wednesday as its qualifying day', () => {
    // No working day in the pattern (hours agreed week by week): off sick Sun 10 – Sat 16 May
    // 2026, Wed 13 is the week's one qualifying day, paid £123.25 / 1 = £123.25.
    const result = ssp([{ id: 'a', start: '2026-05-10', end: '2026-05-16' }], week([]), 400);
    expect(statusOf(result, '2026-05-12')).toBe('not_qualifying');
    expect(statusOf(result, '2026-05-13')).toBe('paid');
    expect(only(result)).toMatchObject({ paidDays: 1, amount: 123.25 });
  });

  it('SSP (General) Regulations 1982 reg. 3(3): a linked series ends 3 years after its first day', () => {
    // A Monday off sick every 8 weeks from Monday 13 April 2026 (55 days between: linked), never
    // near the 28 weeks. Monday 12 March 2029 is the last before the anniversary (13 April 2029);
    // Monday 7 May 2029 is after it: no SSP, and the SSP1 point is named.
    const spells = Array.from({ length: 21 }, (_, i) => {
      const date = addDays('2026-04-13', i * 56);
      return { id: `s${i}`, start: date, end: date };
    });
    const result = ssp(spells, MON_TO_FRI, 400);
    expect(statusOf(result, '2026-04-13')).toBe('paid');
    expect(statusOf(result, '2029-03-12')).toBe('rate_missing'); // 2028/29's rate is not recorded either
    expect(statusOf(result, '2029-05-07')).toBe('three_years');
    expect(only(result, 's20')).toMatchObject({ paidDays: 0, linkedFrom: '2026-04-13', threeYearsReachedOn: '2029-05-07' });
    expect(only(result, 's19')).toMatchObject({ threeYearsReachedOn: null });
  });
});
