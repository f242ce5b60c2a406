// The Working Time Regulations 1998 as checks a rota is built against: pure functions of a
// shift, the person's other shifts and their leave, so the manager's screen and the server
// give the same answer. Adults get warnings a manager may override with a reason; the young
// worker limits (under 18) are hard stops.
import { addDays, londonDate, startOfWeek } from '../../shared/dates';

export type ShiftTimes = { id: string; start_at: string; end_at: string; break_minutes: number };
export type LeaveDay = { date: string; kind: 'leave' | 'sickness'; name: string };
/** `employment_start`: their first day, when recorded (the averaging period of a new starter begins there). */
export type WorkingTimePerson = { date_of_birth: string | null; opted_out: boolean; employment_start: string | null };

export const WORKING_TIME_CODES = [
  'on_leave',
  'off_sick',
  'overlap',
  'short_rest',
  'no_break',
  'weekly_average',
  'young_day',
  'young_week',
  'young_rest',
] as const;
export type WorkingTimeCode = (typeof WORKING_TIME_CODES)[number];
export type WorkingTimeFinding = { code: WorkingTimeCode; severity: 'warning' | 'stop'; message: string };

const HOUR = 3_600_000;
export const LIMITS = {
  adultRestHours: 11,
  youngRestHours: 12,
  breakAfterHours: 6,
  breakMinutes: 20,
  averageWeeklyHours: 48,
  referenceWeeks: 17,
  youngDailyHours: 8,
  youngWeeklyHours: 40,
} as const;

const ms = (iso: string) => Date.parse(iso);
/** Paid minutes of a shift: its length less its unpaid break. */
export function workedMinutes(shift: Pick<ShiftTimes, 'start_at' | 'end_at' | 'break_minutes'>): number {
  return Math.max(0, Math.round((ms(shift.end_at) - ms(shift.start_at)) / 60_000) - shift.break_minutes);
}

/** Under 18 on the London day the shift starts. */
export function isYoungWorker(dateOfBirth: string | null, onDate: string): boolean {
  if (!dateOfBirth) return false;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const eighteenth = `${String(y + 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return onDate < eighteenth;
}

/** The London dates a shift touches (a night shift touches two). */
export function shiftDates(shift: Pick<ShiftTimes, 'start_at' | 'end_at'>): string[] {
  const first = londonDate(new Date(shift.start_at));
  const last = londonDate(new Date(ms(shift.end_at) - 1));
  const dates = [first];
  while (dates[dates.length - 1]! < last) dates.push(addDays(dates[dates.length - 1]!, 1));
  return dates;
}

const hoursText = (hours: number) => `${Math.round(hours * 10) / 10} hours`;

/** Every finding for `shift` given the person's `others` (their other shifts, any state) and leave days. */
export function checkShift(input: {
  shift: ShiftTimes;
  others: readonly ShiftTimes[];
  person: WorkingTimePerson;
  leave: readonly LeaveDay[];
}): WorkingTimeFinding[] {
  const { shift, person } = input;
  const others = input.others.filter((other) => other.id !== shift.id);
  const findings: WorkingTimeFinding[] = [];
  const startDate = londonDate(new Date(shift.start_at));
  const young = isYoungWorker(person.date_of_birth, startDate);

  const dates = new Set(shiftDates(shift));
  for (const day of input.leave.filter((leave) => dates.has(leave.date)).slice(0, 1)) {
    findings.push(
      day.kind === 'sickness'
        ? { code: 'off_sick', severity: 'warning', message: 'This person is off sick that day.' }
        : { code: 'on_leave', severity: 'warning', message: `This person is on approved leave that day (${day.name}).` },
    );
  }

  const start = ms(shift.start_at);
  const end = ms(shift.end_at);
  if (others.some((other) => ms(other.start_at) < end && ms(other.end_at) > start)) {
    findings.push({ code: 'overlap', severity: 'warning', message: 'This shift overlaps another shift of the same person.' });
  }

  const restHours = young ? LIMITS.youngRestHours : LIMITS.adultRestHours;
  const gaps = others
    .flatMap((other) => {
      if (ms(other.end_at) <= start) return [(start - ms(other.end_at)) / HOUR];
      if (ms(other.start_at) >= end) return [(ms(other.start_at) - end) / HOUR];
      return [];
    })
    .filter((gap) => gap < restHours);
  if (gaps.length > 0) {
    const shortest = Math.min(...gaps);
    findings.push({
      code: young ? 'young_rest' : 'short_rest',
      severity: young ? 'stop' : 'warning',
      message: `Only ${hoursText(shortest)} rest between shifts (at least ${restHours} hours${young ? ' for workers under 18' : ''}).`,
    });
  }

  if ((end - start) / HOUR > LIMITS.breakAfterHours && shift.break_minutes < LIMITS.breakMinutes) {
    findings.push({
      code: 'no_break',
      severity: 'warning',
      message: `A shift over ${LIMITS.breakAfterHours} hours needs a break of at least ${LIMITS.breakMinutes} minutes.`,
    });
  }

  const all = [...others, shift];
  if (young) {
    const day = all.filter((s) => londonDate(new Date(s.start_at)) === startDate).reduce((sum, s) => sum + workedMinutes(s), 0) / 60;
    if (day > LIMITS.youngDailyHours) {
      findings.push({
        code: 'young_day',
        severity: 'stop',
        message: `${hoursText(day)} in a day: workers under 18 may work at most ${LIMITS.youngDailyHours}.`,
      });
    }
    const monday = startOfWeek(startDate);
    const sunday = addDays(monday, 6);
    const week =
      all
        .filter((s) => {
          const date = londonDate(new Date(s.start_at));
          return date >= monday && date <= sunday;
        })
        .reduce((sum, s) => sum + workedMinutes(s), 0) / 60;
    if (week > LIMITS.youngWeeklyHours) {
      findings.push({
        code: 'young_week',
        severity: 'stop',
        message: `${hoursText(week)} in a week: workers under 18 may work at most ${LIMITS.youngWeeklyHours}.`,
      });
    }
  } else if (!person.opted_out) {
    // The 17 weeks ending with the shift's week, Monday to Sunday; for someone employed for
    // less than that, the time since they started (WTR 1998 reg. 4(4)).
    const lastMonday = startOfWeek(startDate);
    const lastDay = addDays(lastMonday, 6);
    const seventeen = addDays(lastMonday, -7 * (LIMITS.referenceWeeks - 1));
    const started = person.employment_start;
    const from = started && started > seventeen ? started : seventeen;
    const weeks = (Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (7 * 24 * HOUR) + 1 / 7;
    const total =
      all
        .filter((s) => {
          const date = londonDate(new Date(s.start_at));
          return date >= from && date <= lastDay;
        })
        .reduce((sum, s) => sum + workedMinutes(s), 0) / 60;
    const average = weeks > 0 ? total / weeks : 0;
    if (average > LIMITS.averageWeeklyHours) {
      const over = from === seventeen ? `${LIMITS.referenceWeeks} weeks` : `the ${Math.round(weeks * 10) / 10} weeks since they started`;
      findings.push({
        code: 'weekly_average',
        severity: 'warning',
        message: `${hoursText(average)} a week on average over ${over} (limit ${LIMITS.averageWeeklyHours}; this person has not opted out).`,
      });
    }
  }
  return findings;
}

/** How far back and ahead of a shift the checks need the person's other shifts. */
export function checkWindow(shift: Pick<ShiftTimes, 'start_at' | 'end_at'>): { from: string; to: string } {
  const monday = startOfWeek(londonDate(new Date(shift.start_at)));
  return { from: addDays(monday, -7 * (LIMITS.referenceWeeks - 1)), to: addDays(monday, 8) };
}

/**
 * The unpaid break a new shift starts with, and the rule it comes from: the Working Time rest
 * break (at least 20 minutes) for a shift over 6 hours, none otherwise. The manager may change it.
 */
export function suggestedBreak(shift: Pick<ShiftTimes, 'start_at' | 'end_at'>): { minutes: number; rule: string } {
  const hours = (ms(shift.end_at) - ms(shift.start_at)) / HOUR;
  return hours > LIMITS.breakAfterHours
    ? {
        minutes: LIMITS.breakMinutes,
        rule: `${LIMITS.breakMinutes} minutes: the Working Time rest break for shifts over ${LIMITS.breakAfterHours} hours.`,
      }
    : {
        minutes: 0,
        rule: `No break: the Working Time rest break (${LIMITS.breakMinutes} minutes) is for shifts over ${LIMITS.breakAfterHours} hours.`,
      };
}
