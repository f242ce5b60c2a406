import { describe, expect, it } from 'vitest';
import { describeRRule, fromRRule, nextDueDate, toRRule } from './recurrence';

describe('recurring tasks', () => {
  it('finds the next weekly date on the chosen days', () => {
    const rule = toRRule({ frequency: 'weekly', interval: 1, weekdays: ['MO', 'TH'], month_day: null });
    expect(rule).toBe('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH');
    // Monday 5 January 2026 → Thursday 8 → Monday 12.
    expect(nextDueDate(rule, { seriesStart: '2026-01-05', dueDate: '2026-01-05' })).toBe('2026-01-08');
    expect(nextDueDate(rule, { seriesStart: '2026-01-05', dueDate: '2026-01-08' })).toBe('2026-01-12');
  });

  it('keeps a monthly day and falls back to a short month’s last day', () => {
    const rule = toRRule({ frequency: 'monthly', interval: 1, weekdays: [], month_day: 31 });
    expect(nextDueDate(rule, { seriesStart: '2026-01-31', dueDate: '2026-01-31' })).toBe('2026-02-28');
    expect(nextDueDate(rule, { seriesStart: '2026-01-31', dueDate: '2026-02-28' })).toBe('2026-03-31');
    expect(fromRRule(rule).month_day).toBe(31);
  });

  it('repeats daily and yearly from the due date', () => {
    expect(
      nextDueDate(toRRule({ frequency: 'daily', interval: 2, weekdays: [], month_day: null }), {
        seriesStart: '2026-03-01',
        dueDate: '2026-03-01',
      }),
    ).toBe('2026-03-03');
    expect(
      nextDueDate(toRRule({ frequency: 'yearly', interval: 1, weekdays: [], month_day: null }), {
        seriesStart: '2025-06-10',
        dueDate: '2025-06-10',
      }),
    ).toBe('2026-06-10');
  });

  it('reads a stored rule back and says it in words', () => {
    expect(fromRRule('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH')).toEqual({
      frequency: 'weekly',
      interval: 1,
      weekdays: ['MO', 'TH'],
      month_day: null,
    });
    expect(describeRRule('FREQ=WEEKLY;INTERVAL=1;BYDAY=MO')).toBe('Every week on Monday');
  });
});
