// When chat messages were written, as a conversation shows it: a separator at each new day
// ("Today", "Yesterday", else the weekday and date) and the time on each message, so "06:43" of
// yesterday is never read as today's.
import { addDays, DATE_FORMATS, formatCalendarDate, formatLondon, londonDate } from '../../../shared/dates';

const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' });

/** The separator above the first message of a London day. */
export function chatDayLabel(iso: string, now: Date = new Date()): string {
  const day = londonDate(new Date(iso));
  const today = londonDate(now);
  if (day === today) return 'Today';
  if (day === addDays(today, -1)) return 'Yesterday';
  return `${weekday.format(new Date(iso))} ${formatCalendarDate(day, DATE_FORMATS.longDate)}`;
}

export const chatTime = (iso: string) => formatLondon(iso, DATE_FORMATS.time);

/** Whether the message at `index` starts a new day (and so has a separator above it). */
export function startsDay(messages: readonly { created_at: string }[], index: number): boolean {
  if (index === 0) return true;
  return londonDate(new Date(messages[index - 1]!.created_at)) !== londonDate(new Date(messages[index]!.created_at));
}
