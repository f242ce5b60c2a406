// Support hours on London's clock (GMT and BST), weekends and bank holidays, and who may chat
// with which team.
import { describe, expect, it } from 'vitest';
import { chatTeamsFor, isWithinSupportHours, mayAnswerTeam, nextOpening } from './chat.policy';

const holidays = new Set(['2026-12-25', '2026-12-28', '2026-05-04']);
const isBankHoliday = (date: string) => holidays.has(date);
const at = (iso: string) => new Date(iso);

describe('support hours', () => {
  it('are 9:00 to 17:00 London time on weekdays, in winter (GMT) and summer (BST)', () => {
    expect(isWithinSupportHours(at('2026-11-24T08:59:00Z'), isBankHoliday)).toBe(false);
    expect(isWithinSupportHours(at('2026-11-24T09:00:00Z'), isBankHoliday)).toBe(true);
    expect(isWithinSupportHours(at('2026-11-24T16:59:00Z'), isBankHoliday)).toBe(true);
    expect(isWithinSupportHours(at('2026-11-24T17:00:00Z'), isBankHoliday)).toBe(false);
    // 08:30 UTC in June is 09:30 BST; 16:30 UTC is 17:30 BST.
    expect(isWithinSupportHours(at('2026-06-16T08:30:00Z'), isBankHoliday)).toBe(true);
    expect(isWithinSupportHours(at('2026-06-16T16:30:00Z'), isBankHoliday)).toBe(false);
  });

  it('are closed at weekends and on bank holidays', () => {
    expect(isWithinSupportHours(at('2026-11-28T11:00:00Z'), isBankHoliday)).toBe(false);
    expect(isWithinSupportHours(at('2026-12-25T11:00:00Z'), isBankHoliday)).toBe(false);
    expect(isWithinSupportHours(at('2026-05-04T10:00:00Z'), isBankHoliday)).toBe(false);
  });

  it('reopen at the next 09:00 of a working day, across weekends, bank holidays and the clock change', () => {
    expect(nextOpening(at('2026-11-24T10:00:00Z'), isBankHoliday)).toBeNull();
    expect(nextOpening(at('2026-11-24T07:00:00Z'), isBankHoliday)?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(nextOpening(at('2026-11-27T18:00:00Z'), isBankHoliday)?.toISOString()).toBe('2026-11-30T09:00:00.000Z');
    // Christmas Day (Friday), then the weekend and the substitute Boxing Day (Monday 28th).
    expect(nextOpening(at('2026-12-24T17:30:00Z'), isBankHoliday)?.toISOString()).toBe('2026-12-29T09:00:00.000Z');
    // Saturday 28 March 2026 before the clocks go forward: Monday 30th at 09:00 BST is 08:00 UTC.
    expect(nextOpening(at('2026-03-28T12:00:00Z'), isBankHoliday)?.toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });
});

describe('teams', () => {
  it('lets authorised contacts choose any team, others the support team only', () => {
    expect(chatTeamsFor(true)).toEqual(['support', 'hr', 'hs']);
    expect(chatTeamsFor(false)).toEqual(['support']);
  });

  it('shows a conversation only to administrators of its team', () => {
    expect(mayAnswerTeam(['support'], 'support')).toBe(true);
    expect(mayAnswerTeam(['support'], 'hr')).toBe(false);
    expect(mayAnswerTeam([], 'support')).toBe(false);
  });
});
