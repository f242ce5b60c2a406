import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { checkShift, isYoungWorker, workedMinutes, type ShiftTimes, type WorkingTimePerson } from './working-time';

const adult: WorkingTimePerson = { date_of_birth: '1990-05-01', opted_out: false, employment_start: '2015-01-05' };
const youngster: WorkingTimePerson = { date_of_birth: '2009-09-01', opted_out: false, employment_start: '2025-09-01' };
let next = 0;
/** A shift in London time on a January day (GMT, so the offset is +00:00). */
const shift = (date: string, from: string, to: string, breakMinutes = 30, toDate = date): ShiftTimes => ({
  id: `s${(next += 1)}`,
  start_at: `${date}T${from}:00+00:00`,
  end_at: `${toDate}T${to}:00+00:00`,
  break_minutes: breakMinutes,
});
const codes = (findings: { code: string }[]) => findings.map((finding) => finding.code);

describe('the working-time checks', () => {
  it('warns of fewer than 11 hours of rest: 22:00–06:00, then 14:00 the same day', () => {
    const night = shift('2026-01-05', '22:00', '06:00', 30, '2026-01-06');
    const afternoon = shift('2026-01-06', '14:00', '20:00', 30);
    const findings = checkShift({ shift: afternoon, others: [night], person: adult, leave: [] });
    expect(findings).toEqual([
      expect.objectContaining({ code: 'short_rest', severity: 'warning', message: expect.stringContaining('Only 8 hours') }),
    ]);
    // The same rest the other way round, checking the night shift against the next one.
    expect(codes(checkShift({ shift: night, others: [afternoon], person: adult, leave: [] }))).toEqual(['short_rest']);
    // 11 hours exactly is enough.
    expect(codes(checkShift({ shift: shift('2026-01-06', '17:00', '22:00'), others: [night], person: adult, leave: [] }))).toEqual([]);
  });

  it('asks for a 20-minute break in a shift over 6 hours', () => {
    expect(codes(checkShift({ shift: shift('2026-01-05', '09:00', '15:30', 15), others: [], person: adult, leave: [] }))).toEqual([
      'no_break',
    ]);
    expect(codes(checkShift({ shift: shift('2026-01-05', '09:00', '15:30', 20), others: [], person: adult, leave: [] }))).toEqual([]);
    expect(codes(checkShift({ shift: shift('2026-01-05', '09:00', '15:00', 0), others: [], person: adult, leave: [] }))).toEqual([]);
  });

  it('warns when the 17-week average passes 48 hours, unless the person opted out', () => {
    // 17 weeks of five 10-hour shifts (50 paid hours a week) ending in the week of 2026-05-04.
    const weeks = Array.from({ length: 17 }, (_, w) => addDays('2026-01-12', w * 7));
    const history = weeks.flatMap((monday) => [0, 1, 2, 3, 4].map((d) => shift(addDays(monday, d), '08:00', '18:30', 30)));
    const last = history.pop()!;
    const findings = checkShift({ shift: last, others: history, person: adult, leave: [] });
    expect(findings).toEqual([
      expect.objectContaining({ code: 'weekly_average', severity: 'warning', message: expect.stringContaining('50 hours') }),
    ]);
    expect(codes(checkShift({ shift: last, others: history, person: { ...adult, opted_out: true }, leave: [] }))).toEqual([]);
    // 48 hours on average is within the limit.
    const within = history.map((s) => ({ ...s, break_minutes: 54 }));
    expect(codes(checkShift({ shift: { ...last, break_minutes: 54 }, others: within, person: adult, leave: [] }))).toEqual([]);
  });

  it('WTR 1998 reg. 4(4): someone employed under 17 weeks is averaged over the time since they started', () => {
    // Started Monday 6 April 2026; three weeks of five 12-hour shifts with 30-minute breaks
    // (57.5 paid hours a week). Over 17 weeks that would be 172.5 / 17 = 10.1 hours; over the
    // 3 weeks since they started it is 57.5, above 48.
    const starter = { ...adult, employment_start: '2026-04-06' };
    const weeks = [0, 1, 2].map((w) => addDays('2026-04-06', w * 7));
    const history = weeks.flatMap((monday) => [0, 1, 2, 3, 4].map((d) => shift(addDays(monday, d), '07:00', '19:00', 30)));
    const last = history.pop()!;
    expect(checkShift({ shift: last, others: history, person: starter, leave: [] })).toEqual([
      expect.objectContaining({
        code: 'weekly_average',
        message: expect.stringContaining('57.5 hours a week on average over the 3 weeks since they started'),
      }),
    ]);
    // Someone employed for years with the same three weeks is averaged over 17: no warning.
    expect(codes(checkShift({ shift: last, others: history, person: adult, leave: [] }))).toEqual([]);
    // Four weeks since a Monday start, 48 hours a week exactly: within the limit.
    const four = [0, 1, 2, 3].map((w) => addDays('2026-04-06', w * 7));
    const steady = four.flatMap((monday) => [0, 1, 2, 3, 4].map((d) => shift(addDays(monday, d), '08:00', '18:06', 30)));
    const lastSteady = steady.pop()!;
    expect(codes(checkShift({ shift: lastSteady, others: steady, person: starter, leave: [] }))).toEqual([]);
  });

  it('stops a worker under 18 at 8 hours a day, 40 a week and 12 hours of rest', () => {
    expect(isYoungWorker('2009-09-01', '2027-08-31')).toBe(true);
    expect(isYoungWorker('2009-09-01', '2027-09-01')).toBe(false);
    const long = checkShift({ shift: shift('2026-01-05', '08:00', '17:30', 30), others: [], person: youngster, leave: [] });
    expect(long).toEqual([expect.objectContaining({ code: 'young_day', severity: 'stop' })]);
    const eight = checkShift({ shift: shift('2026-01-05', '08:00', '16:30', 30), others: [], person: youngster, leave: [] });
    expect(eight).toEqual([]);
    const week = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'].map((d) => shift(d, '08:00', '16:30', 30));
    const saturday = shift('2026-01-10', '09:00', '13:00', 0);
    expect(codes(checkShift({ shift: saturday, others: week, person: youngster, leave: [] }))).toEqual(['young_week']);
    // 11.5 hours of rest is enough for an adult, not for a young worker.
    const evening = shift('2026-01-12', '14:00', '20:30', 30);
    const morning = shift('2026-01-13', '08:00', '12:00', 0);
    expect(checkShift({ shift: morning, others: [evening], person: youngster, leave: [] })).toEqual([
      expect.objectContaining({ code: 'young_rest', severity: 'stop' }),
    ]);
    expect(codes(checkShift({ shift: morning, others: [evening], person: adult, leave: [] }))).toEqual([]);
  });

  it('warns of a shift on an approved leave day or while off sick', () => {
    const monday = shift('2026-01-05', '09:00', '13:00', 0);
    expect(
      checkShift({ shift: monday, others: [], person: adult, leave: [{ date: '2026-01-05', kind: 'leave', name: 'Annual leave' }] }),
    ).toEqual([{ code: 'on_leave', severity: 'warning', message: 'This person is on approved leave that day (Annual leave).' }]);
    expect(
      codes(checkShift({ shift: monday, others: [], person: adult, leave: [{ date: '2026-01-05', kind: 'sickness', name: 'Sickness' }] })),
    ).toEqual(['off_sick']);
    expect(
      codes(checkShift({ shift: monday, others: [], person: adult, leave: [{ date: '2026-01-06', kind: 'leave', name: 'Annual leave' }] })),
    ).toEqual([]);
  });

  it('warns of overlapping shifts and counts paid minutes without the break', () => {
    const a = shift('2026-01-05', '09:00', '13:00', 0);
    const b = shift('2026-01-05', '12:00', '16:00', 0);
    expect(codes(checkShift({ shift: b, others: [a], person: adult, leave: [] }))).toContain('overlap');
    expect(workedMinutes(shift('2026-01-05', '09:00', '17:00', 30))).toBe(450);
  });
});
