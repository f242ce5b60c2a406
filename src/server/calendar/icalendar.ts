// Writes the iCalendar files (RFC 5545) that calendar apps subscribe to: a module declares its
// events, and this writes them with escaped text, lines folded at 75 octets, CRLF endings and,
// when an event has times, the Europe/London VTIMEZONE those times are given in.
import { addDays, londonWallClock } from '../../shared/dates';

/** An event over whole days, first and last day included (calendar dates, yyyy-MM-dd). */
export type AllDayEvent = { firstDay: string; lastDay: string };
/** An event between two instants, written as London wall-clock times. */
export type TimedEvent = { start: Date; end: Date };

export type CalendarEvent = (AllDayEvent | TimedEvent) & {
  /** Stays the same for the same record, so an edited record updates the event in place. */
  uid: string;
  /** When the record last changed. */
  stamp: Date;
  summary: string;
  location?: string | null;
  description?: string | null;
  /** Shown without blocking the time (TRANSP:TRANSPARENT), as absences are. */
  free?: boolean;
};

export type CalendarFeed = {
  /** The PRODID's product part, "-//Stafflane//{product}//EN". */
  product: string;
  /** The name a calendar app shows for the subscription. */
  name: string;
  /** How often a subscriber should fetch the feed again, when it matters. */
  refreshHours?: number;
  events: readonly CalendarEvent[];
};

const TIME_ZONE = 'Europe/London';

// London's rules since 1996: summer time from 01:00 UTC on the last Sunday of March to 01:00
// UTC on the last Sunday of October, written as the wall-clock times the change happens at.
const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * A TEXT value: backslash, semicolon and comma escaped with a backslash, each line break as
 * `\n`, and the other control characters (which TEXT may not hold) left out; tabs are kept.
 */
export function escapeText(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
  return Array.from(escaped)
    .filter((char) => char === '\t' || (char >= ' ' && char !== '\u007f'))
    .join('');
}

/**
 * A content line of at most 75 octets per physical line: longer ones continue on lines that
 * start with a space, broken between characters so no UTF-8 sequence is split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const two = (n: number) => String(n).padStart(2, '0');
/** 20260330T090000: what a London clock shows at `instant`. */
const londonLocal = (instant: Date) => {
  const c = londonWallClock(instant);
  return `${c.year}${two(c.month)}${two(c.day)}T${two(c.hour)}${two(c.minute)}00`;
};
/** 20260330T080000Z: the instant in UTC. */
const utcStamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const basicDate = (isoDate: string) => isoDate.replace(/-/g, '');

const isTimed = (event: CalendarEvent): event is CalendarEvent & TimedEvent => 'start' in event;

function eventLines(event: CalendarEvent): string[] {
  // DTEND of a whole-day event is the day after its last (the end is not included).
  const when = isTimed(event)
    ? [`DTSTART;TZID=${TIME_ZONE}:${londonLocal(event.start)}`, `DTEND;TZID=${TIME_ZONE}:${londonLocal(event.end)}`]
    : [`DTSTART;VALUE=DATE:${basicDate(event.firstDay)}`, `DTEND;VALUE=DATE:${basicDate(addDays(event.lastDay, 1))}`];
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    ...when,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.free ? ['TRANSP:TRANSPARENT'] : []),
    'END:VEVENT',
  ];
}

/** The whole file, each line folded and ended with CRLF. */
export function writeCalendar(feed: CalendarFeed): string {
  const refresh = feed.refreshHours
    ? [`REFRESH-INTERVAL;VALUE=DURATION:PT${feed.refreshHours}H`, `X-PUBLISHED-TTL:PT${feed.refreshHours}H`]
    : [];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//Stafflane//${feed.product}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(feed.name)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    ...refresh,
    ...(feed.events.some(isTimed) ? LONDON_VTIMEZONE : []),
    ...feed.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
