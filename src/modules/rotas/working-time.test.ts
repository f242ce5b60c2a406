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
    ).toEqual([
      {
        code: 'on_leave',
        severity: 'warning',
        message: 'This person is on approved leave that day (Annual leave).',
        rule: 'Approved leave',
      },
    ]);
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

  it('WTR 1998 reg. 11(1)–(2): warns of a week without 24 hours in a row off, nor 48 over its fortnight', () => {
    // 08:00–16:00 every day for five weeks from Monday 29 December 2025 (16 hours between
    // shifts), with Wednesdays off but in the week of 12 January. Checking Wednesday 14
    // January's shift warns, naming the rule: its week has no day off and its fortnight one.
    const days = Array.from({ length: 35 }, (_, i) => addDays('2025-12-29', i)).filter((date, i) => i % 7 !== 2 || date === '2026-01-14');
    const history = days.map((date) => shift(date, '08:00', '16:00', 30));
    const wednesday = history.find((s) => s.start_at.startsWith('2026-01-14'))!;
    const others = history.filter((s) => s !== wednesday);
    expect(checkShift({ shift: wednesday, others, person: adult, leave: [] })).toEqual([
      expect.objectContaining({
        code: 'weekly_rest',
        severity: 'warning',
        message: 'No 24 hours in a row off in the week of Monday 12/01/2026 (longest 16 hours), nor 48 hours over its fortnight.',
        rule: 'Weekly rest: Working Time Regulations 1998, reg. 11(1)–(2)',
      }),
    ]);
    // An opt-out does not reach weekly rest.
    expect(codes(checkShift({ shift: wednesday, others, person: { ...adult, opted_out: true }, leave: [] }))).toEqual(['weekly_rest']);
    // Thursday's shift moved to 16:00: exactly 24 hours off from Wednesday 16:00 is enough; 23:59 is not.
    const thursday = history.find((s) => s.start_at.startsWith('2026-01-15'))!;
    const late = others.map((s) => (s === thursday ? shift('2026-01-15', '16:00', '23:30', 30) : s));
    expect(codes(checkShift({ shift: wednesday, others: late, person: adult, leave: [] }))).not.toContain('weekly_rest');
    const early = others.map((s) => (s === thursday ? shift('2026-01-15', '15:59', '23:30', 30) : s));
    expect(codes(checkShift({ shift: wednesday, others: early, person: adult, leave: [] }))).toContain('weekly_rest');
  });

  it('WTR 1998 reg. 6: warns when a night worker averages over 8 hours a day, opted out or not', () => {
    // 17 weeks from Monday 5 January 2026 of four nights a week, 22:00–10:30 with 30 minutes'
    // break: 12 paid hours, 7 of them in night time (23:00–06:00). 816 hours over 119 days less
    // 17 days of weekly rest = 816 / 102 = 8 hours a day: within the limit. One more minute is over.
    const optedOut = { ...adult, opted_out: true };
    const weeks = Array.from({ length: 17 }, (_, w) => addDays('2026-01-05', w * 7));
    const nights = weeks.flatMap((monday) =>
      [0, 1, 2, 3].map((d) => shift(addDays(monday, d), '22:00', '10:30', 30, addDays(monday, d + 1))),
    );
    const last = nights.pop()!;
    expect(codes(checkShift({ shift: last, others: nights, person: optedOut, leave: [] }))).toEqual([]);
    const longer = { ...last, end_at: last.end_at.replace('10:30', '10:31') };
    expect(checkShift({ shift: longer, others: nights, person: optedOut, leave: [] })).toEqual([
      expect.objectContaining({
        code: 'night_average',
        severity: 'warning',
        message: expect.stringContaining('A night worker: 8 hours a day on average over 17 weeks'),
        rule: 'Night workers’ hours: Working Time Regulations 1998, reg. 6',
      }),
    ]);
    // The same hours worked by day are not night work.
    const days = nights.map((s) => ({
      ...s,
      start_at: s.start_at.replace('T22:00', 'T06:00'),
      end_at: s.start_at.replace('T22:00', 'T18:30'),
    }));
    const dayLonger = {
      ...longer,
      start_at: longer.start_at.replace('T22:00', 'T06:00'),
      end_at: longer.start_at.replace('T22:00', 'T18:31'),
    };
    expect(codes(checkShift({ shift: dayLonger, others: days, person: optedOut, leave: [] }))).toEqual([]);
  });

  it('WTR 1998 reg. 12(4): stops a worker under 18 without 30 minutes’ break in a shift over 4½ hours', () => {
    expect(checkShift({ shift: shift('2026-01-05', '09:00', '13:31', 0), others: [], person: youngster, leave: [] })).toEqual([
      expect.objectContaining({
        code: 'young_break',
        severity: 'stop',
        rule: 'Young workers’ rest break: Working Time Regulations 1998, reg. 12(4)',
      }),
    ]);
    expect(codes(checkShift({ shift: shift('2026-01-05', '09:00', '13:30', 0), others: [], person: youngster, leave: [] }))).toEqual([]);
    expect(codes(checkShift({ shift: shift('2026-01-05', '09:00', '14:30', 29), others: [], person: youngster, leave: [] }))).toEqual([
      'young_break',
    ]);
    expect(codes(checkShift({ shift: shift('2026-01-05', '09:00', '14:30', 30), others: [], person: youngster, leave: [] }))).toEqual([]);
  });

  it('WTR 1998 reg. 11(3): stops a worker under 18 without 48 hours in a row off in the week', () => {
    // Sunday 4 January 08:00–12:00, then Monday to Friday 09:00–13:00 and a Saturday shift; next
    // Monday 09:00 again. Saturday 08:00–09:00 leaves 48 hours to Monday: enough; to 10:00, 47: a stop.
    const around = [
      shift('2026-01-04', '08:00', '12:00', 0),
      ...['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'].map((d) => shift(d, '09:00', '13:00', 0)),
      shift('2026-01-12', '09:00', '13:00', 0),
    ];
    expect(codes(checkShift({ shift: shift('2026-01-10', '08:00', '09:00', 0), others: around, person: youngster, leave: [] }))).toEqual(
      [],
    );
    expect(checkShift({ shift: shift('2026-01-10', '08:00', '10:00', 0), others: around, person: youngster, leave: [] })).toEqual([
      expect.objectContaining({
        code: 'young_weekly_rest',
        severity: 'stop',
        message: 'The longest rest in the week of Monday 05/01/2026 is 47 hours: workers under 18 must have 48 hours in a row each week.',
        rule: 'Young workers’ weekly rest: Working Time Regulations 1998, reg. 11(3)',
      }),
    ]);
  });

  it('WTR 1998 reg. 6A: a worker under 18 may not work 23:00–06:00, nor after 22:00 and before 07:00 in one week', () => {
    const check = (s: ShiftTimes, others: ShiftTimes[] = []) => checkShift({ shift: s, others, person: youngster, leave: [] });
    expect(check(shift('2026-01-06', '18:00', '22:00', 0))).toEqual([]);
    expect(check(shift('2026-01-06', '19:00', '23:01', 0))).toEqual([
      expect.objectContaining({ code: 'young_night', severity: 'stop', message: 'Workers under 18 may not work between 11pm and 6am.' }),
    ]);
    expect(codes(check(shift('2026-01-06', '05:59', '09:00', 0)))).toEqual(['young_night']);
    // After 22:00 only when their contract provides for it: a warning the manager answers.
    expect(check(shift('2026-01-06', '18:30', '22:30', 0))).toEqual([
      expect.objectContaining({
        code: 'young_night',
        severity: 'warning',
        rule: 'Young workers’ night work: Working Time Regulations 1998, reg. 6A',
      }),
    ]);
    // 06:00–07:00 is allowed under the usual 22:00–06:00 period, but not in a week with work after 22:00.
    expect(check(shift('2026-01-08', '06:00', '10:00', 0))).toEqual([]);
    expect(check(shift('2026-01-08', '06:00', '10:00', 0), [shift('2026-01-06', '18:30', '22:30', 0)])).toEqual([
      expect.objectContaining({ code: 'young_night', severity: 'stop' }),
    ]);
  });
});
