// British dates for client and server: the five formats, Europe/London whatever
// the machine's own zone, weeks that start on Monday and durations in hours and minutes.
// Instants (a timestamp) are shown as London's wall clock; calendar dates ("2026-03-29", an
// absence's first day) have no zone and are never shifted.
import { MINUTES_PER_DAY } from './constants';

export const LONDON_TIME_ZONE = 'Europe/London';
/** Monday, numbered as `Date.getUTCDay` numbers the weekdays (Sunday 0). */
export const WEEK_STARTS_ON = 1;

export const DATE_FORMATS = {
  shortDate: 'dd/MM/yy',
  date: 'dd/MM/yyyy',
  time: 'HH:mm',
  longDate: 'do MMMM y',
  isoDate: 'yyyy-MM-dd',
  dateTime: 'dd/MM/yyyy HH:mm',
} as const;

export type DateFormat = (typeof DATE_FORMATS)[keyof typeof DATE_FORMATS];

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

const londonFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LONDON_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** What a clock in London shows at `instant`. */
export function londonWallClock(instant: Date): WallClock {
  const part: Record<string, number> = {};
  for (const { type, value } of londonFormat.formatToParts(instant)) part[type] = Number(value);
  return { year: part.year ?? 0, month: part.month ?? 0, day: part.day ?? 0, hour: part.hour ?? 0, minute: part.minute ?? 0 };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

// Month names and ordinals by hand rather than from a date library's en-GB locale: the sign-in
// page formats a lock date with this file, and the locale would add 3 KB to its first load.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
function ordinal(day: number): string {
  const teens = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teens ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

const TOKENS = /yyyy|yy|y|MMMM|MM|dd|do|HH|mm/g;

function formatWallClock(clock: WallClock, pattern: DateFormat): string {
  return pattern.replace(TOKENS, (token) => {
    switch (token) {
      case 'yyyy':
        return pad(clock.year, 4);
      case 'yy':
        return pad(clock.year % 100);
      case 'y':
        return String(clock.year);
      case 'MMMM':
        return MONTHS[clock.month - 1] ?? '';
      case 'MM':
        return pad(clock.month);
      case 'dd':
        return pad(clock.day);
      case 'do':
        return ordinal(clock.day);
      case 'HH':
        return pad(clock.hour);
      default:
        return pad(clock.minute);
    }
  });
}

/** An instant in one formats, on London's clock. An unreadable value gives ''. */
export function formatLondon(instant: Date | string | number, pattern: DateFormat): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  return formatWallClock(londonWallClock(date), pattern);
}

// ---------------------------------------------------------------------------------------
// Calendar dates: yyyy-MM-dd strings, checked and computed in UTC so no zone can move them.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function calendarParts(isoDate: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

/** True for a real date written yyyy-MM-dd ("2026-02-30" is not one). */
export function isIsoDate(value: string): boolean {
  return calendarParts(value) !== null;
}

/** A calendar date in another formats (times read 00:00). An invalid date gives ''. */
export function formatCalendarDate(isoDate: string, pattern: DateFormat): string {
  const parts = calendarParts(isoDate);
  return parts ? formatWallClock({ ...parts, hour: 0, minute: 0 }, pattern) : '';
}

/** The calendar date in London at `instant` ("today" is `londonDate(new Date())`). */
export function londonDate(instant: Date): string {
  return formatLondon(instant, DATE_FORMATS.isoDate);
}

function toIso(utc: Date): string {
  return `${pad(utc.getUTCFullYear(), 4)}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;
}

export function addDays(isoDate: string, days: number): string {
  const parts = calendarParts(isoDate);
  if (!parts) throw new RangeError(`Not a date: ${isoDate}`);
  return toIso(new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days)));
}

/** The Monday of the week `isoDate` falls in (weeks start on Monday). */
export function startOfWeek(isoDate: string): string {
  const parts = calendarParts(isoDate);
  if (!parts) throw new RangeError(`Not a date: ${isoDate}`);
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return addDays(isoDate, -((weekday - WEEK_STARTS_ON + 7) % 7));
}

/** The Monday of this week in London. */
export const thisWeek = (): string => startOfWeek(londonDate(new Date()));

/** Monday to Sunday of the week `isoDate` falls in. */
export function weekOf(isoDate: string): string[] {
  const monday = startOfWeek(isoDate);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The instant a London clock shows `time` (HH:mm) on `isoDate`. Across the autumn change,
 * when 01:00–01:59 happens twice, the first (BST) one; in the spring gap, when 01:00–01:59
 * never happens, the time an hour later that the clocks jumped to.
 */
export function londonInstant(isoDate: string, time: string): Date {
  const parts = calendarParts(isoDate);
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!parts || !clock) throw new RangeError(`Not a London date and time: ${isoDate} ${time}`);
  const wanted = { ...parts, hour: Number(clock[1]), minute: Number(clock[2]) };
  const asUtc = Date.UTC(wanted.year, wanted.month - 1, wanted.day, wanted.hour, wanted.minute);
  const offsetAt = (ms: number) => {
    const seen = londonWallClock(new Date(ms));
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - ms;
  };
  const HALF_DAY = 12 * 3_600_000;
  const before = asUtc - offsetAt(asUtc - HALF_DAY);
  const after = asUtc - offsetAt(asUtc + HALF_DAY);
  const shows = (ms: number) => formatLondon(ms, DATE_FORMATS.dateTime) === formatWallClock(wanted, DATE_FORMATS.dateTime);
  const matching = [before, after].filter(shows).sort((a, b) => a - b);
  return new Date(matching[0] ?? before);
}

// ---------------------------------------------------------------------------------------
// Durations: hours and minutes, a day being 1440 minutes.

/** "7h 30m", "8h", "45m", "0m"; negative durations keep their sign ("-1h 15m"). */
export function formatDuration(totalMinutes: number): string {
  if (!Number.isFinite(totalMinutes)) return '';
  const sign = totalMinutes < 0 ? '-' : '';
  const minutes = Math.round(Math.abs(totalMinutes));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${sign}${rest}m`;
  return rest === 0 ? `${sign}${hours}h` : `${sign}${hours}h ${rest}m`;
}

/** The same in words, for a sentence: "45 minutes", "1 hour", "1 hour 20 minutes". */
export function durationInWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 0 ? '' : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const m = rest === 0 ? '' : `${rest} ${rest === 1 ? 'minute' : 'minutes'}`;
  return [h, m].filter(Boolean).join(' ') || '0 minutes';
}

/** An amount and its unit in words, for a sentence, at most two decimals: "1 day", "0.5 days", "7.5 hours", "-1 hour". */
export function amountInWords(amount: number, unit: 'days' | 'hours'): string {
  const rounded = Math.round(amount * 100) / 100 || 0;
  const one = Math.abs(rounded) === 1;
  return `${rounded} ${unit === 'days' ? (one ? 'day' : 'days') : one ? 'hour' : 'hours'}`;
}

export function daysToMinutes(days: number): number {
  return days * MINUTES_PER_DAY;
}
