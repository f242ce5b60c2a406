// Pay periods from the company's frequency and first period start: weekly, fortnightly and
// four-weekly periods repeat every 7, 14 and 28 days from the first start; monthly periods
// start on the first start's day of each month (the 1st to the 28th).
import { addDays } from '../../shared/dates';
import type { PayFrequency } from './payroll.contract';

export type PayPeriod = { start_date: string; end_date: string };

const LENGTH: Record<Exclude<PayFrequency, 'monthly'>, number> = { weekly: 7, fortnightly: 14, four_weekly: 28 };
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

function monthStart(year: number, month: number, day: number): string {
  const total = year * 12 + month;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  return `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The pay period containing `date`. */
export function periodContaining(frequency: PayFrequency, firstStart: string, date: string): PayPeriod {
  if (frequency === 'monthly') {
    const day = Number(firstStart.slice(8, 10));
    const year = Number(date.slice(0, 4));
    const month = Number(date.slice(5, 7)) - 1;
    const start = Number(date.slice(8, 10)) >= day ? monthStart(year, month, day) : monthStart(year, month - 1, day);
    const next = monthStart(Number(start.slice(0, 4)), Number(start.slice(5, 7)), day);
    return { start_date: start, end_date: addDays(next, -1) };
  }
  const length = LENGTH[frequency];
  const offset = Math.floor((dayNumber(date) - dayNumber(firstStart)) / length) * length;
  const start = addDays(firstStart, offset);
  return { start_date: start, end_date: addDays(start, length - 1) };
}

/** Whether `start` is the first day of a period. */
export function isPeriodStart(frequency: PayFrequency, firstStart: string, start: string): boolean {
  return periodContaining(frequency, firstStart, start).start_date === start;
}

/** The `count` periods up to and including the one containing `date`, latest first. */
export function recentPeriods(frequency: PayFrequency, firstStart: string, date: string, count: number): PayPeriod[] {
  const periods: PayPeriod[] = [];
  let current = periodContaining(frequency, firstStart, date);
  for (let i = 0; i < count; i += 1) {
    periods.push(current);
    current = periodContaining(frequency, firstStart, addDays(current.start_date, -1));
  }
  return periods;
}
