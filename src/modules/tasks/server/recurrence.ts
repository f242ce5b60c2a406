// Recurring tasks as RFC 5545 rules (the `rrule` package): the form's choice becomes an RRULE
// stored with the task (its due date is the start), and completing an occurrence finds the next
// date the rule gives after the current due date. Calendar dates travel as UTC midnights.
import * as rrulePackage from 'rrule';
import { WEEKDAYS, type Recurrence, type Weekday } from '../tasks.contract';

// Node loads the package's CommonJS build (its exports under `default`), Vite its ES build.
const { RRule } = (rrulePackage as unknown as { default?: typeof rrulePackage }).default ?? rrulePackage;

const FREQ = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY, yearly: RRule.YEARLY } as const;
const DAY = { MO: RRule.MO, TU: RRule.TU, WE: RRule.WE, TH: RRule.TH, FR: RRule.FR, SA: RRule.SA, SU: RRule.SU } as const;

const utcMidnight = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** The RRULE line (without "RRULE:") for the form's choice. */
export function toRRule(recurrence: Recurrence): string {
  const options: ConstructorParameters<typeof RRule>[0] = { freq: FREQ[recurrence.frequency], interval: recurrence.interval };
  if (recurrence.frequency === 'weekly') options.byweekday = recurrence.weekdays.map((day) => DAY[day]);
  if (recurrence.frequency === 'monthly' && recurrence.month_day) {
    // The 29th–31st fall back to a shorter month's last day.
    if (recurrence.month_day > 28) {
      options.bymonthday = Array.from({ length: recurrence.month_day - 27 }, (_, i) => 28 + i);
      options.bysetpos = -1;
    } else {
      options.bymonthday = recurrence.month_day;
    }
  }
  return RRule.optionsToString(options).replace(/^RRULE:/, '');
}

/** The form's choice back from a stored rule. */
export function fromRRule(rule: string): Recurrence {
  const options = RRule.parseString(rule);
  const frequency = (Object.keys(FREQ) as (keyof typeof FREQ)[]).find((key) => FREQ[key] === options.freq) ?? 'weekly';
  const rawDays = options.byweekday === undefined || options.byweekday === null ? [] : [options.byweekday].flat();
  const weekdays = rawDays.map((day) => WEEKDAYS[typeof day === 'number' ? day : (day as { weekday: number }).weekday] as Weekday);
  const monthDays = options.bymonthday === undefined || options.bymonthday === null ? [] : [options.bymonthday].flat();
  return { frequency, interval: options.interval ?? 1, weekdays, month_day: monthDays.length ? Math.max(...monthDays) : null };
}

/** The occurrence after `dueDate`: the rule started on the series' first due date. */
export function nextDueDate(rule: string, input: { seriesStart: string; dueDate: string }): string | null {
  const parsed = new RRule({ ...RRule.parseString(rule), dtstart: utcMidnight(input.seriesStart) });
  const next = parsed.after(utcMidnight(input.dueDate), false);
  return next ? isoOf(next) : null;
}

/** "every week on Monday, Thursday", in words for the detail page. */
export function describeRRule(rule: string): string {
  const text = new RRule(RRule.parseString(rule)).toText();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
