// The Working Time Regulations 1998 as checks a rota is built against: pure functions of a
// shift, the person's other shifts and their leave, so the manager's screen and the server
// give the same answer. Adults get warnings a manager may override with a reason; the young
// worker limits (under 18) are hard stops. Each finding names its rule (docs/uk-rules.md).
import { addDays, DATE_FORMATS, formatCalendarDate, londonDate, londonInstant, startOfWeek } from '../../shared/dates';

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
  'weekly_rest',
  'night_average',
  'young_break',
  'young_weekly_rest',
  'young_night',
] as const;
export type WorkingTimeCode = (typeof WORKING_TIME_CODES)[number];
/** `rule`: the rule the finding comes from, in words, as the rota builder shows it. */
export type WorkingTimeFinding = { code: WorkingTimeCode; severity: 'warning' | 'stop'; message: string; rule: string };

/** The rule behind each finding, named as the manager sees it. */
export const WORKING_TIME_RULES: Record<WorkingTimeCode, string> = {
  on_leave: 'Approved leave',
  off_sick: 'Sickness absence',
  overlap: 'Overlapping shifts',
  short_rest: 'Daily rest: Working Time Regulations 1998, reg. 10(1)',
  no_break: 'Rest break: Working Time Regulations 1998, reg. 12(1)',
  weekly_average: '48-hour week: Working Time Regulations 1998, reg. 4',
  young_day: 'Young workers’ hours: Working Time Regulations 1998, reg. 5A',
  young_week: 'Young workers’ hours: Working Time Regulations 1998, reg. 5A',
  young_rest: 'Young workers’ daily rest: Working Time Regulations 1998, reg. 10(2)',
  weekly_rest: 'Weekly rest: Working Time Regulations 1998, reg. 11(1)–(2)',
  night_average: 'Night workers’ hours: Working Time Regulations 1998, reg. 6',
  young_break: 'Young workers’ rest break: Working Time Regulations 1998, reg. 12(4)',
  young_weekly_rest: 'Young workers’ weekly rest: Working Time Regulations 1998, reg. 11(3)',
  young_night: 'Young workers’ night work: Working Time Regulations 1998, reg. 6A',
};

const found = (code: WorkingTimeCode, severity: WorkingTimeFinding['severity'], message: string): WorkingTimeFinding => ({
  code,
  severity,
  message,
  rule: WORKING_TIME_RULES[code],
});

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
  weeklyRestHours: 24,
  youngWeeklyRestHours: 48,
  youngBreakAfterHours: 4.5,
  youngBreakMinutes: 30,
  nightWorkerHours: 3,
  nightAverageHours: 8,
} as const;

/** Night time when no agreement sets it (reg. 2): 23:00 to 06:00. */
export const NIGHT_TIME = { from: '23:00', to: '06:00' } as const;

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
        ? found('off_sick', 'warning', 'This person is off sick that day.')
        : found('on_leave', 'warning', `This person is on approved leave that day (${day.name}).`),
    );
  }

  const start = ms(shift.start_at);
  const end = ms(shift.end_at);
  if (others.some((other) => ms(other.start_at) < end && ms(other.end_at) > start)) {
    findings.push(found('overlap', 'warning', 'This shift overlaps another shift of the same person.'));
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
    findings.push(
      found(
        young ? 'young_rest' : 'short_rest',
        young ? 'stop' : 'warning',
        `Only ${hoursText(shortest)} rest between shifts (at least ${restHours} hours${young ? ' for workers under 18' : ''}).`,
      ),
    );
  }

  if (young && (end - start) / HOUR > LIMITS.youngBreakAfterHours && shift.break_minutes < LIMITS.youngBreakMinutes) {
    findings.push(
      found(
        'young_break',
        'stop',
        `A shift over ${LIMITS.youngBreakAfterHours} hours needs a break of at least ${LIMITS.youngBreakMinutes} minutes for workers under 18.`,
      ),
    );
  } else if (!young && (end - start) / HOUR > LIMITS.breakAfterHours && shift.break_minutes < LIMITS.breakMinutes) {
    findings.push(
      found(
        'no_break',
        'warning',
        `A shift over ${LIMITS.breakAfterHours} hours needs a break of at least ${LIMITS.breakMinutes} minutes.`,
      ),
    );
  }

  const all = [...others, shift];
  if (young) {
    const day = all.filter((s) => londonDate(new Date(s.start_at)) === startDate).reduce((sum, s) => sum + workedMinutes(s), 0) / 60;
    if (day > LIMITS.youngDailyHours) {
      findings.push(found('young_day', 'stop', `${hoursText(day)} in a day: workers under 18 may work at most ${LIMITS.youngDailyHours}.`));
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
      findings.push(
        found('young_week', 'stop', `${hoursText(week)} in a week: workers under 18 may work at most ${LIMITS.youngWeeklyHours}.`),
      );
    }
  }
  // The reference period: the 17 weeks ending with the shift's week, Monday to Sunday; for
  // someone employed for less than that, the time since they started (WTR 1998 regs 4(4), 6(4)).
  const lastMonday = startOfWeek(startDate);
  const lastDay = addDays(lastMonday, 6);
  const seventeen = addDays(lastMonday, -7 * (LIMITS.referenceWeeks - 1));
  const started = person.employment_start;
  const from = started && started > seventeen ? started : seventeen;
  const days = (Date.parse(`${lastDay}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR) + 1;
  const weeks = days / 7;
  const inPeriod = all.filter((s) => {
    const date = londonDate(new Date(s.start_at));
    return date >= from && date <= lastDay;
  });
  const total = inPeriod.reduce((sum, s) => sum + workedMinutes(s), 0) / 60;
  const over = from === seventeen ? `${LIMITS.referenceWeeks} weeks` : `the ${Math.round(weeks * 10) / 10} weeks since they started`;
  if (!young && !person.opted_out) {
    const average = weeks > 0 ? total / weeks : 0;
    if (average > LIMITS.averageWeeklyHours) {
      findings.push(
        found(
          'weekly_average',
          'warning',
          `${hoursText(average)} a week on average over ${over} (limit ${LIMITS.averageWeeklyHours}; this person has not opted out).`,
        ),
      );
    }
  }
  // Night workers (reg. 6): someone who, as a normal course, works at least 3 hours of night
  // time; the product counts them one when at least a third of their shifts in the reference
  // period do. Their hours over it, divided by its days less a day of weekly rest a week
  // (reg. 6(5)), may be 8 a day on average. An opt-out (reg. 5) does not reach this limit.
  const nightShifts = inPeriod.filter((s) => minutesWithin(s, NIGHT_TIME.from, NIGHT_TIME.to) >= LIMITS.nightWorkerHours * 60);
  if (!young && nightShifts.length > 0 && nightShifts.length * 3 >= inPeriod.length) {
    const perDay = total / (days - days / 7);
    if (perDay > LIMITS.nightAverageHours) {
      findings.push(
        found(
          'night_average',
          'warning',
          `A night worker: ${hoursText(perDay)} a day on average over ${over}, leaving out a day of weekly rest a week (limit ${LIMITS.nightAverageHours}, opt-out or not).`,
        ),
      );
    }
  }
  if (young) findings.push(...youngNightFindings(shift, others));
  findings.push(...weeklyRestFindings(shift, others, young));
  return findings;
}

/** How far back and ahead of a shift the checks need the person's other shifts. */
export function checkWindow(shift: Pick<ShiftTimes, 'start_at' | 'end_at'>): { from: string; to: string } {
  const monday = startOfWeek(londonDate(new Date(shift.start_at)));
  // Weekly rest looks at the fortnights of the week before and after: three weeks ahead.
  return { from: addDays(monday, -7 * (LIMITS.referenceWeeks - 1)), to: addDays(monday, 22) };
}

/** Minutes of a shift inside the London times `from`–`to` of any day (`to` the next day when earlier). */
export function minutesWithin(shift: Pick<ShiftTimes, 'start_at' | 'end_at'>, from: string, to: string): number {
  const start = ms(shift.start_at);
  const end = ms(shift.end_at);
  const dates = shiftDates(shift);
  let minutes = 0;
  for (const date of [addDays(dates[0]!, -1), ...dates]) {
    const windowStart = londonInstant(date, from).getTime();
    const windowEnd = londonInstant(to > from ? date : addDays(date, 1), to).getTime();
    minutes += Math.max(0, Math.min(end, windowEnd) - Math.max(start, windowStart)) / 60_000;
  }
  return Math.round(minutes);
}

/**
 * Young workers may not work in the restricted period (reg. 6A): 22:00–06:00, or 23:00–07:00
 * when their contract provides for work after 22:00. 23:00–06:00 is restricted either way (a
 * stop); work after 22:00 is a warning the manager answers for the contract, and a stop when
 * the same week also has work before 07:00, which neither period allows.
 */
function youngNightFindings(shift: ShiftTimes, others: readonly ShiftTimes[]): WorkingTimeFinding[] {
  const monday = startOfWeek(londonDate(new Date(shift.start_at)));
  const week = [shift, ...others].filter((s) => startOfWeek(londonDate(new Date(s.start_at))) === monday);
  const late = (s: ShiftTimes) => minutesWithin(s, '22:00', '23:00') > 0;
  const early = (s: ShiftTimes) => minutesWithin(s, '06:00', '07:00') > 0;
  if (minutesWithin(shift, '23:00', '06:00') > 0)
    return [found('young_night', 'stop', 'Workers under 18 may not work between 11pm and 6am.')];
  if ((late(shift) && week.some(early)) || (early(shift) && week.some(late)))
    return [
      found(
        'young_night',
        'stop',
        'Workers under 18 may not work both after 10pm and before 7am: one of the two is always in their restricted period.',
      ),
    ];
  if (late(shift))
    return [
      found(
        'young_night',
        'warning',
        'A worker under 18 may work after 10pm only when their contract provides for it (their restricted period is then 11pm to 7am).',
      ),
    ];
  return [];
}

type Rest = { start: number; end: number; hours: number };

/**
 * The rests between a person's shifts by each Monday-to-Sunday week they touch: a rest across
 * Sunday midnight counts for both weeks, since an agreement may start the week on another day
 * (reg. 11(6)(a)). The time before the first and after the last shift counts up to `from`/`to`.
 */
function restByWeek(shifts: readonly ShiftTimes[], from: number, to: number): Map<string, Rest[]> {
  const busy = shifts
    .map((s) => [ms(s.start_at), ms(s.end_at)] as [number, number])
    .sort((a, b) => a[0] - b[0])
    .reduce<[number, number][]>((merged, [a, b]) => {
      const last = merged.at(-1);
      if (last && a <= last[1]) last[1] = Math.max(last[1], b);
      else merged.push([a, b]);
      return merged;
    }, []);
  const rests: Rest[] = [];
  let free = from;
  for (const [a, b] of busy) {
    if (a > free) rests.push({ start: free, end: a, hours: (a - free) / HOUR });
    free = Math.max(free, b);
  }
  if (to > free) rests.push({ start: free, end: to, hours: (to - free) / HOUR });
  const weeks = new Map<string, Rest[]>();
  for (const rest of rests) {
    const last = startOfWeek(londonDate(new Date(rest.end - 1)));
    for (let week = startOfWeek(londonDate(new Date(rest.start))); week <= last; week = addDays(week, 7))
      weeks.set(week, [...(weeks.get(week) ?? []), rest]);
  }
  return weeks;
}

/** Fortnights for the 14-day alternative begin on Mondays an even number of weeks after Monday 5 January 1970. */
const fortnightOf = (monday: string) => {
  const weeks = Math.round((Date.parse(`${monday}T00:00:00Z`) - Date.parse('1970-01-05T00:00:00Z')) / (7 * 24 * HOUR));
  const first = weeks % 2 === 0 ? monday : addDays(monday, -7);
  return [first, addDays(first, 7)];
};

/**
 * Weekly rest (reg. 11): an adult has 24 hours' uninterrupted rest in each week, or (the
 * employer's choice) two of 24 or one of 48 in each fortnight: a week is short only when both
 * fail. A worker under 18 has 48 hours in each week (a stop). Weeks are Monday to Sunday
 * (reg. 11(6)); the shift's week is checked, and the weeks either side when this shift is what
 * takes their rest away.
 */
function weeklyRestFindings(shift: ShiftTimes, others: readonly ShiftTimes[], young: boolean): WorkingTimeFinding[] {
  const monday = startOfWeek(londonDate(new Date(shift.start_at)));
  const from = londonInstant(addDays(monday, -7 * LIMITS.referenceWeeks), '00:00').getTime();
  const to = londonInstant(addDays(monday, 22), '00:00').getTime();
  const short = (rests: Map<string, Rest[]>, week: string) => {
    const own = rests.get(week) ?? [];
    if (young) return !own.some((rest) => rest.hours >= LIMITS.youngWeeklyRestHours);
    if (own.some((rest) => rest.hours >= LIMITS.weeklyRestHours)) return false;
    const fortnight = new Set(fortnightOf(week).flatMap((w) => rests.get(w) ?? []));
    return [...fortnight].reduce((sum, rest) => sum + Math.floor(rest.hours / LIMITS.weeklyRestHours), 0) < 2;
  };
  const withShift = restByWeek([...others, shift], from, to);
  const without = restByWeek(others, from, to);
  for (const week of [monday, addDays(monday, -7), addDays(monday, 7)]) {
    if (!short(withShift, week) || (week !== monday && short(without, week))) continue;
    const longest = Math.max(0, ...(withShift.get(week) ?? []).map((rest) => rest.hours));
    const named = `the week of Monday ${formatCalendarDate(week, DATE_FORMATS.date)}`;
    return [
      young
        ? found(
            'young_weekly_rest',
            'stop',
            `The longest rest in ${named} is ${hoursText(longest)}: workers under 18 must have ${LIMITS.youngWeeklyRestHours} hours in a row each week.`,
          )
        : found(
            'weekly_rest',
            'warning',
            `No ${LIMITS.weeklyRestHours} hours in a row off in ${named} (longest ${hoursText(longest)}), nor 48 hours over its fortnight.`,
          ),
    ];
  }
  return [];
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
