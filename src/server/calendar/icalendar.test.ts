import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, writeCalendar, type CalendarEvent } from './icalendar';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every line at most 75 octets, none ending inside a character. */
function expectShortLines(text: string): string[] {
  const lines = text.split('\r\n');
  for (const line of lines) {
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(LONE_SURROGATE.test(line)).toBe(false);
  }
  return lines;
}

/** The physical lines of one folded line: short, and each continuation starting with a space. */
function physicalLines(folded: string): string[] {
  const lines = expectShortLines(folded);
  expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
  return lines;
}
const unfold = (lines: string[]) => lines.map((line, index) => (index === 0 ? line : line.slice(1))).join('');

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, and writes line breaks as \\n', () => {
    expect(escapeText('a;b,c\\d')).toBe('a\\;b\\,c\\\\d');
    expect(escapeText('one\r\ntwo\nthree\rfour')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('\\n')).toBe('\\\\n');
  });

  it('keeps colons, quotes, tabs and every other character, and drops the control characters TEXT may not hold', () => {
    expect(escapeText('Room 2: "Blue"\tfloor')).toBe('Room 2: "Blue"\tfloor');
    expect(escapeText('bell\u0007 null\u0000 del\u007f')).toBe('bell null del');
    expect(escapeText('Zoë Ní Bhriain – 😀')).toBe('Zoë Ní Bhriain – 😀');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('folds two-, three- and four-octet characters between characters, never inside one', () => {
    for (const char of ['é', '€', '😀']) {
      for (const prefix of ['SUMMARY:', 'SUMMARY:a', 'SUMMARY:ab', 'SUMMARY:abc']) {
        const line = `${prefix}${char.repeat(60)}`;
        const lines = physicalLines(foldLine(line));
        expect(lines.length).toBeGreaterThan(1);
        expect(unfold(lines)).toBe(line);
        // Each physical line ends where a character ends: its octets decode to itself.
        for (const physical of lines) expect(Buffer.from(physical, 'utf8').toString('utf8')).toBe(physical);
      }
    }
  });

  it('fills each line as far as the next character fits', () => {
    // 8 octets of "SUMMARY:" then 4-octet emoji: 16 fit in 72 octets, a 17th would make 76.
    const lines = physicalLines(foldLine(`SUMMARY:${'😀'.repeat(40)}`));
    expect(Buffer.byteLength(lines[0] ?? '')).toBe(72);
    // A continuation holds 74 octets after its space: 18 emoji (72 octets).
    expect(Buffer.byteLength(lines[1] ?? '')).toBe(73);
  });
});

const stamp = new Date('2026-03-01T12:34:56.789Z');
const shift = (start: string, end: string): CalendarEvent => ({
  uid: `shift-${start}@stafflane`,
  stamp,
  start: new Date(start),
  end: new Date(end),
  summary: 'Floor; tills, returns',
  location: 'Leeds',
  description: 'Bring the keys.\nAsk for Zoë.',
});
const absence: CalendarEvent = {
  uid: 'absence-1',
  stamp,
  firstDay: '2026-03-30',
  lastDay: '2026-04-03',
  summary: 'Annual leave',
  free: true,
};

describe('writeCalendar', () => {
  it('writes CRLF lines of at most 75 octets, the feed’s name, and whole-day events ending the day after their last', () => {
    const body = writeCalendar({ product: 'Leave and absences', name: 'Stafflane absences', events: [absence] });
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stafflane//Leave and absences//EN\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expectShortLines(body.slice(0, -2));
    expect(body).toContain('X-WR-CALNAME:Stafflane absences\r\n');
    expect(body).toContain(
      'BEGIN:VEVENT\r\nUID:absence-1\r\nDTSTAMP:20260301T123456Z\r\nDTSTART;VALUE=DATE:20260330\r\nDTEND;VALUE=DATE:20260404\r\nSUMMARY:Annual leave\r\nTRANSP:TRANSPARENT\r\nEND:VEVENT\r\n',
    );
    // No timed event, so no time zone to define.
    expect(body).not.toContain('VTIMEZONE');
    expect(body).not.toContain('REFRESH-INTERVAL');
  });

  it('writes timed events at London times with the Europe/London VTIMEZONE once, which a calendar app reads back to the same instants', () => {
    const body = writeCalendar({
      product: 'Rota',
      name: 'My shifts (Stafflane)',
      refreshHours: 1,
      // 09:00–17:00 London either side of both clock changes of 2026.
      events: [
        shift('2026-03-27T09:00:00Z', '2026-03-27T17:00:00Z'),
        shift('2026-03-30T08:00:00Z', '2026-03-30T16:00:00Z'),
        shift('2026-10-23T08:00:00Z', '2026-10-23T16:00:00Z'),
        shift('2026-10-26T09:00:00Z', '2026-10-26T17:00:00Z'),
        absence,
      ],
    });
    expect(body.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\nX-PUBLISHED-TTL:PT1H\r\n');
    expect(body).toContain('DTSTART;TZID=Europe/London:20260330T090000\r\nDTEND;TZID=Europe/London:20260330T170000\r\n');
    expect(body).toContain('SUMMARY:Floor\\; tills\\, returns\r\nLOCATION:Leeds\r\nDESCRIPTION:Bring the keys.\\nAsk for Zoë.\r\n');

    const calendar = new ICAL.Component(ICAL.parse(body));
    ICAL.TimezoneService.reset();
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.slice(0, 4).map((e) => [e.startDate.toString(), e.startDate.toJSDate().toISOString()])).toEqual([
      ['2026-03-27T09:00:00', '2026-03-27T09:00:00.000Z'],
      ['2026-03-30T09:00:00', '2026-03-30T08:00:00.000Z'],
      ['2026-10-23T09:00:00', '2026-10-23T08:00:00.000Z'],
      ['2026-10-26T09:00:00', '2026-10-26T09:00:00.000Z'],
    ]);
    expect(events[0]?.summary).toBe('Floor; tills, returns');
    expect(events[0]?.description).toBe('Bring the keys.\nAsk for Zoë.');
    expect(events[4]?.uid).toBe('absence-1');
    expect(events[4]?.startDate.isDate).toBe(true);
    expect(events[4]?.endDate.toString()).toBe('2026-04-04');
  });

  it('folds a long multibyte summary so a calendar app reads it back whole', () => {
    const summary = `Zoë Ní Bhriain — ${'😀€é'.repeat(30)}, off`;
    const body = writeCalendar({ product: 'Test', name: 'Test', events: [{ ...absence, summary }] });
    expectShortLines(body.slice(0, -2));
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(summary);
  });
});
