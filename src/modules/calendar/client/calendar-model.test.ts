import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { entriesOn, rangeFor, step } from './calendar-model';

describe('the calendar views', () => {
  it('shows a month as whole weeks starting on Monday', () => {
    // March 2026 begins on a Sunday and ends on a Tuesday.
    expect(rangeFor('month', '2026-03-18')).toEqual({ from: '2026-02-23', to: '2026-04-05' });
    expect(rangeFor('week', '2026-03-18')).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(rangeFor('agenda', '2026-03-18')).toEqual({ from: '2026-03-18', to: '2026-04-14' });
  });

  it('moves by a month across the year end, by a week, by four weeks', () => {
    expect(step('month', '2026-12-15', 1)).toBe('2027-01-01');
    expect(step('month', '2026-01-15', -1)).toBe('2025-12-01');
    expect(step('week', '2026-03-18', -1)).toBe('2026-03-11');
    expect(step('agenda', '2026-03-18', 1)).toBe('2026-04-15');
  });

  it('puts a several-day entry on each of its days', () => {
    const leave = { id: 'a', start_date: '2026-03-30', end_date: '2026-04-01' } as CalendarEntry;
    expect(['2026-03-29', '2026-03-30', '2026-04-01', '2026-04-02'].map((d) => entriesOn([leave], d).length)).toEqual([0, 1, 1, 0]);
  });
});
