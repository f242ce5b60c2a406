// The team timeline's arithmetic, apart from its drawing: the dates a week or month view
// covers (weeks start on Monday), stepping back and forward, and what each person's day holds —
// absence segments (whole day, morning, afternoon or hours), their bank holiday (by region) and
// any blocked period (company-wide or their department's) — plus the same as a per-day agenda.
import { addDays, startOfWeek } from '../../../../shared/dates';
import type { Absence } from '../../absences.contract';
import type { Timeline } from '../../leave-insights.contract';
import type { BankHoliday, BlockedDatePeriod } from '../../leave-settings.contract';

export type TimelineView = 'week' | 'month';
export type TimelinePerson = Timeline['people'][number];
export type SegmentPart = 'full' | 'morning' | 'afternoon' | 'hours';
export type DaySegment = {
  absence: Absence;
  part: SegmentPart;
  /** The first day of the absence shown in this row: the one that carries the link. */
  first: boolean;
};

const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const parts = (iso: string) => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)), day: Number(iso.slice(8, 10)) });
const weekday = (iso: string) => {
  const { year, month, day } = parts(iso);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
};
const iso = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
};

export const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/** The first and last day the view shows around `anchor`. */
export function rangeFor(view: TimelineView, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 6) };
  }
  const { year, month } = parts(anchor);
  return { from: iso(year, month, 1), to: iso(year, month + 1, 0) };
}

/** The anchor one view earlier (-1) or later (1). */
export function step(view: TimelineView, anchor: string, direction: -1 | 1): string {
  if (view === 'week') return addDays(startOfWeek(anchor), 7 * direction);
  const { year, month } = parts(anchor);
  return iso(year, month + direction, 1);
}

export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** "Mon 24" for a grid column. */
export const columnLabel = (date: string) => `${WEEKDAYS[weekday(date)]} ${parts(date).day}`;
/** "Mon 24 Nov" for an agenda day. */
export const agendaLabel = (date: string) => `${WEEKDAYS[weekday(date)]} ${parts(date).day} ${MONTHS_SHORT[parts(date).month - 1]}`;
/** "November 2025", or "24 Nov to 30 Nov 2025" for a week. */
export function rangeLabel(view: TimelineView, range: { from: string; to: string }): string {
  if (view === 'month') return `${MONTHS_LONG[parts(range.from).month - 1]} ${parts(range.from).year}`;
  const from = parts(range.from);
  const to = parts(range.to);
  return `${from.day} ${MONTHS_SHORT[from.month - 1]}${from.year === to.year ? '' : ` ${from.year}`} to ${to.day} ${MONTHS_SHORT[to.month - 1]} ${to.year}`;
}

const HIDDEN: ReadonlySet<string> = new Set(['declined', 'cancelled']);

/** An absence covers `date` (an open-ended one runs to the end of the view). */
const covers = (absence: Absence, date: string) => absence.start_date <= date && (absence.end_date === null || date <= absence.end_date);

const partOf = (absence: Absence): SegmentPart =>
  absence.duration_type === 'half_day' ? (absence.half_day_part ?? 'morning') : absence.duration_type === 'hours' ? 'hours' : 'full';

export function segmentsFor(person: TimelinePerson, absences: readonly Absence[], date: string, viewFrom: string): DaySegment[] {
  return absences
    .filter((absence) => absence.user.id === person.id && !HIDDEN.has(absence.status) && covers(absence, date))
    .map((absence) => ({
      absence,
      part: partOf(absence),
      first: date === (absence.start_date > viewFrom ? absence.start_date : viewFrom),
    }));
}

export function holidayFor(person: TimelinePerson, holidays: readonly BankHoliday[], date: string): BankHoliday | undefined {
  return holidays.find((holiday) => holiday.date === date && (holiday.region === null || holiday.region === person.region));
}

export function blockedFor(person: TimelinePerson, blocked: readonly BlockedDatePeriod[], date: string): BlockedDatePeriod | undefined {
  return blocked.find(
    (period) =>
      period.start_date <= date &&
      date <= period.end_date &&
      (period.department_id === null || period.department_id === person.department_id),
  );
}

export type AgendaDay = {
  date: string;
  absences: { absence: Absence; part: SegmentPart }[];
  holidays: string[];
  blocked: string[];
};

/** Each day of the view with who is off, the bank holidays and the blocked periods of the people shown. */
export function agendaOf(
  timeline: Pick<Timeline, 'people' | 'absences' | 'bank_holidays' | 'blocked'>,
  days: readonly string[],
): AgendaDay[] {
  const shown = new Set(timeline.people.map((person) => person.id));
  const regions = new Set(timeline.people.map((person) => person.region));
  return days.map((date) => ({
    date,
    absences: timeline.absences
      .filter((absence) => shown.has(absence.user.id) && !HIDDEN.has(absence.status) && covers(absence, date))
      .map((absence) => ({ absence, part: partOf(absence) })),
    holidays: [
      ...new Set(
        timeline.bank_holidays
          .filter((holiday) => holiday.date === date && (holiday.region === null || regions.has(holiday.region)))
          .map((holiday) => holiday.name),
      ),
    ],
    blocked: timeline.blocked.filter((period) => period.start_date <= date && date <= period.end_date).map((period) => period.name),
  }));
}
