// Statutory Sick Pay on the server: each person's whole sickness, working patterns and
// average weekly earnings read in three queries, worked out by the pure rules
// (../statutory-sick-pay.ts), and shown on a sickness absence, in the payroll elements and in
// the Statutory Sick Pay report.
import type { DbOrTrx } from '../../../server/db/database';
import { addDays, DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { AbsenceSickPay } from '../absences.contract';
import { DEFAULT_WEEK, hoursOn, type WeekHours } from '../leave-rules';
import { formatPounds } from '../../../shared/money';
import { SSP_REFORM_DATE, sspRatesOn } from '../ssp-rates.data';
import { SSP_MAX_WEEKS, statutorySickPay, type SspAbsence, type SspDay } from '../statutory-sick-pay';
import { findAverageWeeklyEarnings, findPatterns, findSicknessSpells, type PatternRow } from './sick-pay.queries';

export type PersonSickPay = {
  earnings: number | null;
  days: SspDay[];
  absences: Map<string, SspAbsence>;
};

/** Whether the person works on a date: the pattern in force then, else their first one, else Monday to Friday. */
function worksOn(patterns: readonly PatternRow[]): (date: string) => boolean {
  return (date) => {
    let week: WeekHours = patterns[0] ?? DEFAULT_WEEK;
    for (const pattern of patterns) if (pattern.start_date <= date) week = pattern;
    return hoursOn(week, date) > 0;
  };
}

/**
 * SSP for each of the people over their sickness starting by `until` (all of it when not
 * given): an absence with an end date to that date, an open one to `today`.
 */
export async function sickPayOf(
  trx: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; today: string; until?: string },
): Promise<Map<string, PersonSickPay>> {
  const userIds = [...new Set(input.userIds)];
  const scoped = { companyId: input.companyId, userIds };
  const [spells, patterns, earnings] = await Promise.all([
    findSicknessSpells(trx, { ...scoped, to: input.until ?? '9999-12-31' }),
    findPatterns(trx, scoped),
    findAverageWeeklyEarnings(trx, scoped),
  ]);
  const result = new Map<string, PersonSickPay>();
  for (const userId of userIds) {
    const own = spells
      .filter((spell) => spell.user_id === userId)
      .map((spell) => {
        const end = spell.end_date ?? (spell.returned_on ? addDays(spell.returned_on, -1) : input.today);
        return { id: spell.id, start: spell.start_date, end };
      })
      .filter((spell) => spell.end >= spell.start);
    const computed = statutorySickPay({
      spells: own,
      works: worksOn(patterns.filter((pattern) => pattern.user_id === userId)),
      averageWeeklyEarnings: earnings.get(userId) ?? null,
    });
    result.set(userId, { earnings: earnings.get(userId) ?? null, ...computed });
  }
  return result;
}

const shown = (date: string) => formatCalendarDate(date, DATE_FORMATS.date);
/** The tax year (6 April to 5 April) holding `date`, as "2027/28". */
export function taxYearOf(date: string): string {
  const year = Number(date.slice(0, 4));
  const first = date.slice(5) >= '04-06' ? year : year - 1;
  return `${first}/${String((first + 1) % 100).padStart(2, '0')}`;
}
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** What a sickness absence shows of its SSP, in plain words. */
export function absenceSickPay(person: PersonSickPay, absenceId: string): AbsenceSickPay | null {
  const summary = person.absences.get(absenceId);
  if (!summary) return null;
  const days = person.days.filter((day) => day.absenceId === absenceId);
  const paid = days.filter((day) => day.status === 'paid');
  const notes: string[] = [];
  if (summary.linkedFrom) notes.push(`Linked to sickness from ${shown(summary.linkedFrom)}: they share the waiting days and the 28 weeks.`);
  if (summary.waitingDays > 0)
    notes.push(
      `${plural(summary.waitingDays, 'waiting day')} unpaid: before 6 April 2026 the first 3 qualifying days of a period are not paid.`,
    );
  if (days.some((day) => day.status === 'no_period'))
    notes.push('Fewer than 4 days in a row before 6 April 2026 are not a period of incapacity for work, so they get no SSP.');
  if (summary.earningsMissing)
    notes.push('Average weekly earnings are not entered for this person: enter them in their employment details to work out SSP.');
  if (summary.belowLowerEarningsLimit)
    notes.push(
      'Before 6 April 2026 their average weekly earnings were below the lower earnings limit: no SSP for those days. Give them form SSP1.',
    );
  if (summary.rateMissing) {
    const missing = days.filter((day) => day.status === 'rate_missing');
    const years = [...new Set(missing.map((day) => taxYearOf(day.date)))].join(' and ');
    notes.push(
      `The SSP rate for ${years} is not recorded in Stafflane yet, so ${plural(missing.length, 'qualifying day')} from ${shown(missing[0]!.date)} show no amount: pay them at the rate GOV.UK publishes for that tax year.`,
    );
  }
  if (summary.threeYearsReachedOn)
    notes.push(
      `Linked sickness from ${shown(summary.linkedFrom ?? days[0]!.date)} has run for 3 years: no SSP from ${shown(summary.threeYearsReachedOn)}. Give them form SSP1 within 7 days of SSP ending.`,
    );
  if (summary.maximumReachedOn)
    notes.push(
      `${SSP_MAX_WEEKS} weeks of SSP used: none from ${shown(summary.maximumReachedOn)}. Give them form SSP1 within 7 days of SSP ending.`,
    );
  else if (summary.weeksUsed >= 22 && paid.length > 0)
    notes.push(
      `${summary.weeksUsed} of ${SSP_MAX_WEEKS} weeks used: if the sickness will outlast them, give form SSP1 by the start of the 23rd week.`,
    );
  const last = paid.at(-1);
  const standard = last ? sspRatesOn(last.date)?.weeklyRate : undefined;
  if (last && last.date >= SSP_REFORM_DATE && person.earnings !== null && standard !== undefined && last.weeklyRate! < standard)
    notes.push(
      `Paid at 80% of average weekly earnings of ${formatPounds(person.earnings)}: ${formatPounds(last.weeklyRate!)} a week, below the standard ${formatPounds(standard)}.`,
    );
  return {
    paid_days: summary.paidDays,
    waiting_days: summary.waitingDays,
    amount: summary.amount,
    weekly_rate: last?.weeklyRate ?? null,
    linked_from: summary.linkedFrom,
    weeks_used: summary.weeksUsed,
    maximum_reached_on: summary.maximumReachedOn,
    notes,
    days: days.map((day) => ({ date: day.date, status: day.status, amount: day.amount })),
  };
}
