// Statutory Sick Pay worked out from a person's sickness, pure and isomorphic (the server's
// absence view, payroll elements and report; the tests). The rules, by the day they apply to:
// - A day of incapacity is a whole day off sick (half days and hours off are days some work
//   was done, so the caller leaves them out).
// - Before 6 April 2026 (SSCBA 1992 ss. 152–155): a period of incapacity for work (PIW) is 4
//   or more consecutive calendar days, working or not; the first 3 qualifying days of a linked
//   PIW are waiting days; nothing is due when average weekly earnings are below the lower
//   earnings limit; the rate is the standard weekly rate.
// - From 6 April 2026 (Employment Rights Act 2025 s. 10): one day of incapacity forms a PIW, no
//   waiting days, no lower earnings limit; the weekly rate is the lower of the standard rate
//   and 80% of average weekly earnings. A period straddling the date is worked out day by day
//   under the rules of each day.
// - PIWs separated by 8 weeks (56 days) or less are linked (s. 152(3)) and share the waiting
//   days and the maximum: 28 weeks' SSP (s. 155(4)), counted as 1/n of a week for each day paid
//   in a week of n qualifying days; the first qualifying day after it is the SSP1 point.
// - A linked series ends 3 years after its first day (SSP (General) Regulations 1982 reg. 3(3);
//   GOV.UK "Statutory Sick Pay: employer guide"): no SSP from that anniversary while the series
//   continues, and the employee gets form SSP1.
// - Qualifying days are the person's working days; a week (Sunday to Saturday) with none has
//   Wednesday as its qualifying day (SSP (General) Regulations 1982 reg. 5).
// - Daily rate: the weekly rate over the week's qualifying days, cut (not rounded) to 4 decimal
//   places — HMRC's unrounded daily rates; each week's SSP is rounded up to the next penny, as
//   GOV.UK's SSP calculator does (alphagov/smart-answers, statutory_sick_pay_calculator.rb).
//   A day's amount is its share of that: the week's rounded running total after it less the
//   one before, so days add up to the week however a pay period splits it.
import { addDays } from '../../shared/dates';
import { dayNumber } from './leave-rules';
import { SSP_RATES, SSP_REFORM_DATE, sspRatesOn, type SspRateYear } from './ssp-rates.data';

export const SSP_MAX_WEEKS = 28;
export const SSP_LINK_DAYS = 56;
export const SSP_WAITING_DAYS = 3;
/** Before the reform, a PIW needs this many consecutive days of incapacity. */
export const SSP_OLD_PIW_DAYS = 4;
export const SSP_EARNINGS_SHARE = 0.8;
export const SSP_LINKED_YEARS = 3;

/** One sickness absence's whole days off, `start`..`end` inclusive. */
export type SicknessSpell = { id: string; start: string; end: string };

export type SspDayStatus =
  | 'paid'
  | 'waiting'
  /** Not one of the person's qualifying days. */
  | 'not_qualifying'
  /** Before 6 April 2026, in a run of fewer than 4 days: no period of incapacity. */
  | 'no_period'
  | 'below_lower_earnings_limit'
  | 'maximum_reached'
  /** On or after the third anniversary of the linked series' first day. */
  | 'three_years'
  | 'earnings_missing'
  | 'rate_missing';

export type SspDay = {
  date: string;
  absenceId: string;
  status: SspDayStatus;
  /** Pounds due for the day (0 unless paid). */
  amount: number;
  /** The weekly rate the day was paid at (null unless paid). */
  weeklyRate: number | null;
};

export type SspAbsence = {
  absenceId: string;
  paidDays: number;
  waitingDays: number;
  amount: number;
  /** The first day of the linked period when it began with an earlier absence. */
  linkedFrom: string | null;
  /** Weeks of SSP used in the linked period by the end of this absence. */
  weeksUsed: number;
  /** The first qualifying day with the 28 weeks used up: the employee gets form SSP1. */
  maximumReachedOn: string | null;
  /** The first qualifying day on or after the linked series' third anniversary. */
  threeYearsReachedOn: string | null;
  belowLowerEarningsLimit: boolean;
  earningsMissing: boolean;
  rateMissing: boolean;
};

export type SspInput = {
  spells: readonly SicknessSpell[];
  /** Whether the person's working pattern has them working on `date`. */
  works: (date: string) => boolean;
  /** Pounds; null when the employer has not entered it. */
  averageWeeklyEarnings: number | null;
  rates?: readonly SspRateYear[];
};

const weekday = (date: string) => (((dayNumber(date) + 4) % 7) + 7) % 7; // 0 = Sunday
const sundayOf = (date: string) => addDays(date, -weekday(date));

/** The qualifying days of the Sunday-to-Saturday week holding `date`. */
export function qualifyingDaysOfWeek(date: string, works: (date: string) => boolean): string[] {
  const sunday = sundayOf(date);
  const days = Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
  const working = days.filter(works);
  return working.length > 0 ? working : [addDays(sunday, 3)];
}

/** Ten-thousandths of a pound: HMRC's daily rates have four decimal places. */
const UNITS = 10_000;

function sicknessDays(spells: readonly SicknessSpell[]): Map<string, string> {
  const owner = new Map<string, string>();
  for (const spell of [...spells].sort((a, b) => a.start.localeCompare(b.start))) {
    for (let day = spell.start; day <= spell.end; day = addDays(day, 1)) if (!owner.has(day)) owner.set(day, spell.id);
  }
  return owner;
}

/** Consecutive runs of dates (sorted). */
function runsOf(dates: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const date of dates) {
    const run = runs.at(-1);
    if (run && addDays(run.at(-1)!, 1) === date) run.push(date);
    else runs.push([date]);
  }
  return runs;
}

type Working = SspDay & { units: number };

export function statutorySickPay(input: SspInput): { days: SspDay[]; absences: Map<string, SspAbsence> } {
  const rates = input.rates ?? SSP_RATES;
  const owner = sicknessDays(input.spells);
  const dates = [...owner.keys()].sort();
  const days = new Map<string, Working>();
  const make = (date: string, status: SspDayStatus): Working => ({
    date,
    absenceId: owner.get(date)!,
    status,
    amount: 0,
    weeklyRate: null,
    units: 0,
  });
  const qualifies = (date: string) => qualifyingDaysOfWeek(date, input.works).includes(date);

  // Days of incapacity inside a PIW, by the rules of each day.
  const inPeriod: string[] = [];
  for (const run of runsOf(dates)) {
    for (const date of run) {
      if (run.length >= SSP_OLD_PIW_DAYS || date >= SSP_REFORM_DATE) inPeriod.push(date);
      else days.set(date, make(date, 'no_period'));
    }
  }
  // PIWs, linked when 56 days or fewer lie between them.
  const linked: string[][] = [];
  for (const piw of runsOf(inPeriod)) {
    const last = linked.at(-1);
    if (last && dayNumber(piw[0]!) - dayNumber(last.at(-1)!) - 1 <= SSP_LINK_DAYS) last.push(...piw);
    else linked.push([...piw]);
  }
  const summaries = new Map<string, SspAbsence>();
  const summaryOf = (absenceId: string, linkedFrom: string): SspAbsence => {
    let summary = summaries.get(absenceId);
    if (!summary) {
      summary = {
        absenceId,
        paidDays: 0,
        waitingDays: 0,
        amount: 0,
        linkedFrom,
        weeksUsed: 0,
        maximumReachedOn: null,
        threeYearsReachedOn: null,
        belowLowerEarningsLimit: false,
        earningsMissing: false,
        rateMissing: false,
      };
      summaries.set(absenceId, summary);
    }
    return summary;
  };

  const earnings = input.averageWeeklyEarnings;
  for (const period of linked) {
    let waiting = 0;
    let weeksUsed = 0;
    let maximumReachedOn: string | null = null;
    let threeYearsReachedOn: string | null = null;
    const start = period[0]!;
    const threeYears = `${String(Number(start.slice(0, 4)) + SSP_LINKED_YEARS).padStart(4, '0')}${start.slice(4)}`;
    for (const date of period) {
      const day = make(date, 'paid');
      days.set(date, day);
      const summary = summaryOf(day.absenceId, start);
      if (!qualifies(date)) day.status = 'not_qualifying';
      else {
        const year = sspRatesOn(date, rates);
        const reformed = date >= SSP_REFORM_DATE;
        if (date >= threeYears) {
          day.status = 'three_years';
          threeYearsReachedOn ??= date;
        } else if (!reformed && waiting < SSP_WAITING_DAYS) {
          waiting += 1;
          day.status = 'waiting';
        } else if (!year) day.status = 'rate_missing';
        else if (earnings === null) day.status = 'earnings_missing';
        else if (!reformed && year.lowerEarningsLimit !== null && earnings < year.lowerEarningsLimit)
          day.status = 'below_lower_earnings_limit';
        else if (weeksUsed >= SSP_MAX_WEEKS - 1e-9) {
          day.status = 'maximum_reached';
          maximumReachedOn ??= date;
        } else {
          const weekly = reformed ? Math.min(year.weeklyRate, SSP_EARNINGS_SHARE * earnings) : year.weeklyRate;
          const count = qualifyingDaysOfWeek(date, input.works).length;
          day.weeklyRate = Math.round(weekly * 100) / 100;
          day.units = Math.floor(Math.round(weekly * UNITS) / count);
          weeksUsed += 1 / count;
        }
      }
      if (day.status === 'waiting') summary.waitingDays += 1;
      if (day.status === 'below_lower_earnings_limit') summary.belowLowerEarningsLimit = true;
      if (day.status === 'earnings_missing') summary.earningsMissing = true;
      if (day.status === 'rate_missing') summary.rateMissing = true;
      if (day.status === 'paid') summary.paidDays += 1;
      summary.weeksUsed = Math.round(weeksUsed * 100) / 100;
      summary.maximumReachedOn = maximumReachedOn;
      summary.threeYearsReachedOn = threeYearsReachedOn;
    }
  }

  // Each SSP week rounded up to the penny; a day's amount is its step in the running total.
  const byWeek = new Map<string, Working[]>();
  for (const day of [...days.values()].sort((a, b) => a.date.localeCompare(b.date))) {
    if (day.status !== 'paid') continue;
    const week = sundayOf(day.date);
    byWeek.set(week, [...(byWeek.get(week) ?? []), day]);
  }
  for (const week of byWeek.values()) {
    let units = 0;
    let pence = 0;
    for (const day of week) {
      units += day.units;
      const roundedUp = Math.ceil(units / 100);
      day.amount = (roundedUp - pence) / 100;
      pence = roundedUp;
      const summary = summaries.get(day.absenceId)!;
      summary.amount = Math.round((summary.amount + day.amount) * 100) / 100;
    }
  }
  const result = [...days.values()].sort((a, b) => a.date.localeCompare(b.date)).map(({ units: _units, ...day }) => day);
  for (const spell of input.spells) {
    const summary = summaryOf(spell.id, spell.start);
    if (summary.linkedFrom !== null && summary.linkedFrom >= spell.start) summary.linkedFrom = null;
  }
  return { days: result, absences: summaries };
}
