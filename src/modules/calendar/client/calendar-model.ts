// The calendar's views as data: the range a view shows around a day (a month as whole Monday
// to Sunday weeks), moving by a view, the entries of a day, and a day's label.
import { addDays, DATE_FORMATS, formatCalendarDate, formatLondon, startOfWeek } from '../../../shared/dates';
import type { CalendarEntry } from '../../../shared/calendar.contract';
import { PHONE_QUERY } from '../../../shared/constants';

export type CalendarView = 'month' | 'week' | 'agenda';

/** The view the calendar opens in: the agenda on a phone, the month elsewhere. */
export const firstCalendarView = (): CalendarView => (window.matchMedia?.(PHONE_QUERY).matches ? 'agenda' : 'month');

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const monthEnd = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return addDays(`${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, '0')}-01`, -1);
};

export function rangeFor(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'week') return { from: startOfWeek(anchor), to: addDays(startOfWeek(anchor), 6) };
  if (view === 'agenda') return { from: anchor, to: addDays(anchor, 27) };
  return { from: startOfWeek(monthStart(anchor)), to: addDays(startOfWeek(monthEnd(anchor)), 6) };
}

export function step(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'week') return addDays(anchor, 7 * direction);
  if (view === 'agenda') return addDays(anchor, 28 * direction);
  const [y, m] = anchor.split('-').map(Number) as [number, number];
  const month = m + direction;
  const year = month === 0 ? y - 1 : month === 13 ? y + 1 : y;
  return `${year}-${String(((month + 11) % 12) + 1).padStart(2, '0')}-01`;
}

export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const entriesOn = (entries: readonly CalendarEntry[], date: string) =>
  entries.filter((e) => e.start_date <= date && e.end_date >= date);

const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
export const monthLabel = (anchor: string) => month.format(new Date(`${monthStart(anchor)}T12:00:00Z`));
export const dayLabel = (date: string) => `${weekday.format(new Date(`${date}T12:00:00Z`))} ${formatCalendarDate(date, DATE_FORMATS.date)}`;
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "09:00–17:00 " for a timed entry, nothing for an all-day one. */
export const timeOf = (entry: CalendarEntry) =>
  entry.start_at && entry.end_at
    ? `${formatLondon(entry.start_at, DATE_FORMATS.time)}–${formatLondon(entry.end_at, DATE_FORMATS.time)} `
    : '';
