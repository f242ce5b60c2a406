// How shifts read on screen: London times, British dates with the weekday, hours worked.
import { DATE_FORMATS, formatCalendarDate, formatDuration, formatLondon, londonDate } from '../../../shared/dates';
import type { Shift } from '../rotas.contract';
import { workedMinutes } from '../working-time';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const shortWeekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });

/** "Monday 30/03/2026". */
export const dayLabel = (date: string) => `${weekday.format(new Date(`${date}T12:00:00Z`))} ${formatCalendarDate(date, DATE_FORMATS.date)}`;
/** "Mon 30/03". */
export const shortDayLabel = (date: string) =>
  `${shortWeekday.format(new Date(`${date}T12:00:00Z`))} ${formatCalendarDate(date, DATE_FORMATS.date).slice(0, 5)}`;
/** "09:00–17:00". */
export const timesOf = (shift: Pick<Shift, 'start_at' | 'end_at'>) =>
  `${formatLondon(shift.start_at, DATE_FORMATS.time)}–${formatLondon(shift.end_at, DATE_FORMATS.time)}`;
export const shiftDate = (shift: Pick<Shift, 'start_at'>) => londonDate(new Date(shift.start_at));
/** "7h 30m paid". */
export const paidLabel = (shift: Pick<Shift, 'start_at' | 'end_at' | 'break_minutes'>) => `${formatDuration(workedMinutes(shift))} paid`;
