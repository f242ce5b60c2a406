import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  DATE_FORMATS,
  daysToMinutes,
  formatCalendarDate,
  durationInWords,
  amountInWords,
  formatDuration,
  formatLondon,
  isIsoDate,
  londonDate,
  londonInstant,
  startOfWeek,
  weekOf,
} from './dates';
import { formatLondonDateTime } from './formats';

// The machine's zone must not matter: every case runs in London, in a zone far behind and in
// one far ahead (Node re-reads TZ when it changes).
const ZONES = ['Europe/London', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC'];
// src/shared is typechecked without Node's types; these tests run in Node.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const originalZone = env.TZ;
afterEach(() => {
  env.TZ = originalZone;
});

const zoneOffsets: Record<string, number> = { 'Europe/London': -60, 'America/Los_Angeles': 420, 'Pacific/Kiritimati': -840, UTC: 0 };

describe.each(ZONES)('on a machine in %s', (zone) => {
  const inZone = () => {
    env.TZ = zone;
    expect(new Date('2026-07-01T12:00:00Z').getTimezoneOffset()).toBe(zoneOffsets[zone]);
  };

  it('writes every format on London’s clock in winter (GMT)', () => {
    inZone();
    const instant = new Date('2026-01-05T09:07:00Z');
    expect(formatLondon(instant, DATE_FORMATS.shortDate)).toBe('05/01/26');
    expect(formatLondon(instant, DATE_FORMATS.date)).toBe('05/01/2026');
    expect(formatLondon(instant, DATE_FORMATS.time)).toBe('09:07');
    expect(formatLondon(instant, DATE_FORMATS.longDate)).toBe('5th January 2026');
    expect(formatLondon(instant, DATE_FORMATS.isoDate)).toBe('2026-01-05');
    expect(formatLondonDateTime(instant)).toBe('05/01/2026 09:07');
  });

  it('writes British Summer Time an hour ahead of UTC, and the date after midnight London time', () => {
    inZone();
    expect(formatLondon('2026-07-01T23:30:00Z', DATE_FORMATS.dateTime)).toBe('02/07/2026 00:30');
    expect(formatLondon('2026-07-01T23:30:00Z', DATE_FORMATS.longDate)).toBe('2nd July 2026');
    expect(londonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
  });

  it('follows the clocks across the spring change (29 March 2026, 01:00 GMT → 02:00 BST)', () => {
    inZone();
    expect(formatLondon('2026-03-29T00:59:00Z', DATE_FORMATS.time)).toBe('00:59');
    expect(formatLondon('2026-03-29T01:00:00Z', DATE_FORMATS.time)).toBe('02:00');
    // 01:30 never happens in London that night: the clocks read 02:30 at that moment.
    expect(londonInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(londonInstant('2026-03-29', '03:00').toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(londonInstant('2026-03-28', '12:00').toISOString()).toBe('2026-03-28T12:00:00.000Z');
  });

  it('follows the clocks across the autumn change (25 October 2026, 02:00 BST → 01:00 GMT)', () => {
    inZone();
    expect(formatLondon('2026-10-25T00:30:00Z', DATE_FORMATS.time)).toBe('01:30');
    expect(formatLondon('2026-10-25T01:30:00Z', DATE_FORMATS.time)).toBe('01:30');
    // 01:30 happens twice; the first one (BST) is meant.
    expect(londonInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(londonInstant('2026-10-25', '09:00').toISOString()).toBe('2026-10-25T09:00:00.000Z');
  });

  it('never shifts a calendar date', () => {
    inZone();
    expect(formatCalendarDate('2026-03-29', DATE_FORMATS.date)).toBe('29/03/2026');
    expect(formatCalendarDate('2026-10-25', DATE_FORMATS.longDate)).toBe('25th October 2026');
    expect(formatCalendarDate('2024-02-29', DATE_FORMATS.shortDate)).toBe('29/02/24');
  });
});

describe('London instants', () => {
  it('give back the wall clock they were made from, for any date and time outside the spring gap', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (day, hour, minute) => {
          const isoDate = day.toISOString().slice(0, 10);
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const instant = londonInstant(isoDate, time);
          const shown = formatLondon(instant, DATE_FORMATS.dateTime);
          if (hour === 1 && shown.endsWith(`02:${time.slice(3)}`)) return; // the spring gap moves an hour on
          expect(shown).toBe(`${formatCalendarDate(isoDate, DATE_FORMATS.date)} ${time}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses what is not a date and a time', () => {
    expect(() => londonInstant('2026-02-30', '10:00')).toThrow(RangeError);
    expect(() => londonInstant('2026-02-03', '24:00')).toThrow(RangeError);
    expect(formatLondon('not a date', DATE_FORMATS.date)).toBe('');
  });
});

describe('ordinals of "do MMMM y"', () => {
  it.each([
    ['2026-06-01', '1st June 2026'],
    ['2026-06-02', '2nd June 2026'],
    ['2026-06-03', '3rd June 2026'],
    ['2026-06-04', '4th June 2026'],
    ['2026-06-11', '11th June 2026'],
    ['2026-06-12', '12th June 2026'],
    ['2026-06-13', '13th June 2026'],
    ['2026-06-21', '21st June 2026'],
    ['2026-06-22', '22nd June 2026'],
    ['2026-06-23', '23rd June 2026'],
    ['2026-05-31', '31st May 2026'],
  ])('%s is %s', (isoDate, expected) => {
    expect(formatCalendarDate(isoDate, DATE_FORMATS.longDate)).toBe(expected);
  });
});

describe('calendar dates and weeks', () => {
  it('knows real dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(formatCalendarDate('2026-02-30', DATE_FORMATS.date)).toBe('');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-03-29')).toBe('2026-03-23'); // a Sunday belongs to the week before
    expect(startOfWeek('2026-03-30')).toBe('2026-03-30');
    expect(weekOf('2026-01-01')).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
  });

  it('puts every date in the week of the Monday at most six days before it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (offset) => {
        const date = addDays('2000-01-01', offset);
        const monday = startOfWeek(date);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        const gap = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000;
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(7);
      }),
    );
  });
});

describe('durations', () => {
  it.each([
    [450, '7h 30m'],
    [480, '8h'],
    [45, '45m'],
    [0, '0m'],
    [1440, '24h'],
    [-75, '-1h 15m'],
    [90.4, '1h 30m'],
  ])('%d minutes read "%s"', (minutes, expected) => {
    expect(formatDuration(minutes)).toBe(expected);
  });

  it.each([
    [45, '45 minutes'],
    [60, '1 hour'],
    [80, '1 hour 20 minutes'],
    [121, '2 hours 1 minute'],
    [0, '0 minutes'],
  ])('%d minutes in a sentence read "%s"', (minutes, expected) => {
    expect(durationInWords(minutes)).toBe(expected);
  });

  it.each([
    [1, 'days', '1 day'],
    [0.5, 'days', '0.5 days'],
    [2, 'days', '2 days'],
    [1, 'hours', '1 hour'],
    [7.5, 'hours', '7.5 hours'],
    [-1, 'days', '-1 day'],
    [16.833333, 'days', '16.83 days'],
    [-0.001, 'hours', '0 hours'],
  ] as const)('says %s %s as "%s"', (amount, unit, expected) => {
    expect(amountInWords(amount, unit)).toBe(expected);
  });

  it('counts 1440 minutes in a day', () => {
    expect(daysToMinutes(1)).toBe(1440);
    expect(daysToMinutes(0.5)).toBe(720);
  });
});
