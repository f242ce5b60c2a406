// The personal iCalendar feed (GET /api/rota/calendar/{token}.ics): the person's published
// shifts and approved leave, for a calendar app to subscribe to. Times are London wall-clock
// times with TZID=Europe/London and its VTIMEZONE, so a 09:00 shift stays at 09:00 on either
// side of a clock change; UIDs are the records' ids, so an edited shift updates in place.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import { withSystem, withTenant } from '../../../server/db/database';
import { AppError } from '../../../shared/app-error';
import { addDays, londonDate, londonWallClock } from '../../../shared/dates';
import { findFeedEntries, findFeedPerson, type FeedLeave, type FeedShift } from './rota-extras.queries';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
const DAYS_BEHIND = 92;
const DAYS_AHEAD = 366;

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
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

/** TEXT values escaped (RFC 5545 §3.3.11). */
const escapeText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** Lines over 75 octets folded, never inside a UTF-8 character (§3.1). */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
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
/** 20260330T090000: the London wall clock at `instant`. */
export function londonLocal(instant: Date): string {
  const c = londonWallClock(instant);
  return `${c.year}${two(c.month)}${two(c.day)}T${two(c.hour)}${two(c.minute)}00`;
}
const stamp = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const basicDate = (iso: string) => iso.replace(/-/g, '');

export function buildRotaCalendar(input: { shifts: FeedShift[]; leave: FeedLeave[]; today: string }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Stafflane//Rota//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:My shifts (Stafflane)',
    'X-WR-TIMEZONE:Europe/London',
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...VTIMEZONE,
  ];
  for (const shift of input.shifts) {
    const title = [shift.role || 'Shift', shift.department_name].join(' – ');
    lines.push(
      'BEGIN:VEVENT',
      `UID:shift-${shift.id}@stafflane`,
      `DTSTAMP:${stamp(shift.updated_at)}`,
      `DTSTART;TZID=Europe/London:${londonLocal(shift.start_at)}`,
      `DTEND;TZID=Europe/London:${londonLocal(shift.end_at)}`,
      `SUMMARY:${escapeText(title)}`,
      ...(shift.location_name ? [`LOCATION:${escapeText(shift.location_name)}`] : []),
      ...(shift.notes ? [`DESCRIPTION:${escapeText(shift.notes)}`] : []),
      'END:VEVENT',
    );
  }
  for (const leave of input.leave) {
    const last = leave.end_date ?? (input.today > leave.start_date ? input.today : leave.start_date);
    lines.push(
      'BEGIN:VEVENT',
      `UID:absence-${leave.id}@stafflane`,
      `DTSTAMP:${stamp(leave.updated_at)}`,
      `DTSTART;VALUE=DATE:${basicDate(leave.start_date)}`,
      `DTEND;VALUE=DATE:${basicDate(addDays(last, 1))}`,
      `SUMMARY:${escapeText(leave.name)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function mountRotaCalendar(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/rota/calendar/:token.ics', { config: { access: 'public' } }, async (request, reply) => {
    const token = (request.params as { token?: string }).token ?? '';
    if (!TOKEN_PATTERN.test(token)) throw AppError.notFound();
    const person = await withSystem(deps.db, (trx) => findFeedPerson(trx, token));
    if (!person) throw AppError.notFound();
    const today = londonDate(new Date());
    const entries = await withTenant(deps.db, person.company_id, (trx) =>
      findFeedEntries(trx, {
        companyId: person.company_id,
        userId: person.user_id,
        from: addDays(today, -DAYS_BEHIND),
        to: addDays(today, DAYS_AHEAD),
      }),
    );
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, max-age=900')
      .header('x-content-type-options', 'nosniff')
      .send(buildRotaCalendar({ ...entries, today }));
  });
}
