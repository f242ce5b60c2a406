import { describe, expect, it } from 'vitest';
import { isPeriodStart, periodContaining, recentPeriods } from './pay-periods';

describe('pay periods', () => {
  it('monthly periods run from the start day to the day before it next month', () => {
    expect(periodContaining('monthly', '2026-01-01', '2026-11-24')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(periodContaining('monthly', '2026-01-15', '2026-11-10')).toEqual({ start_date: '2026-10-15', end_date: '2026-11-14' });
    expect(periodContaining('monthly', '2026-01-15', '2027-01-14')).toEqual({ start_date: '2026-12-15', end_date: '2027-01-14' });
    expect(periodContaining('monthly', '2026-01-01', '2028-02-29')).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
  });

  it('weekly, fortnightly and four-weekly periods repeat from the first start, before it too', () => {
    expect(periodContaining('weekly', '2026-04-06', '2026-04-12')).toEqual({ start_date: '2026-04-06', end_date: '2026-04-12' });
    expect(periodContaining('fortnightly', '2026-04-06', '2026-04-20')).toEqual({ start_date: '2026-04-20', end_date: '2026-05-03' });
    expect(periodContaining('four_weekly', '2026-04-06', '2026-04-05')).toEqual({ start_date: '2026-03-09', end_date: '2026-04-05' });
  });

  it('knows a period start and lists the latest periods first', () => {
    expect(isPeriodStart('fortnightly', '2026-04-06', '2026-04-20')).toBe(true);
    expect(isPeriodStart('fortnightly', '2026-04-06', '2026-04-13')).toBe(false);
    expect(recentPeriods('monthly', '2026-01-01', '2026-03-10', 3).map((p) => p.start_date)).toEqual([
      '2026-03-01',
      '2026-02-01',
      '2026-01-01',
    ]);
  });
});
