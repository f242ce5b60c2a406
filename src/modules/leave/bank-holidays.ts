// UK bank holidays for England and Wales, Scotland and Northern Ireland, 2018–2030
// (BANK_HOLIDAY_YEARS), shipped as data in bank-holidays.data.ts: computed from the statutory
// rules (Banking and Financial Dealings Act 1971, substitute days) plus the published one-off
// days; years after the last published list are marked projected. The rules live here too so
// that a test can prove the shipped data equals them (scripts/generate-bank-holidays.mjs
// rewrites the data from the rules).
import { BANK_HOLIDAY_YEARS, type BankHolidayRegion } from './leave.contract';
import { BANK_HOLIDAY_DATA } from './bank-holidays.data';
import { addDays, addMonths, dateFromDayNumber, dayNumber, isoDate } from './leave-rules';

export type ShippedBankHoliday = { date: string; name: string; region: BankHolidayRegion; projected: boolean };

/**
 * The last year gov.uk has published lists for (its England and Wales, Scotland and Northern
 * Ireland lists run to 2027). Later years are projected: computed from the standing rules
 * only, so a one-off day announced later (a jubilee, a funeral) is not in them.
 */
export const BANK_HOLIDAYS_PUBLISHED_THROUGH = 2027;

/** The shipped days of `region` in `year` (empty outside BANK_HOLIDAY_YEARS), in date order. */
export function bankHolidaysFor(region: BankHolidayRegion, year: number): ShippedBankHoliday[] {
  const entry = BANK_HOLIDAY_DATA[region][year];
  if (!entry) return [];
  return entry.days.map(([date, name]) => ({ date, name, region, projected: entry.projected }));
}

/** The shipped days of `region` from `from` to `to` inclusive, as date → name. */
export function bankHolidayMap(region: BankHolidayRegion, from: string, to: string): Map<string, string> {
  const map = new Map<string, string>();
  if (to < from) return map;
  const first = Math.max(Number(from.slice(0, 4)), BANK_HOLIDAY_YEARS.first);
  const last = Math.min(Number(to.slice(0, 4)), BANK_HOLIDAY_YEARS.last);
  for (let year = first; year <= last; year++) {
    for (const { date, name } of bankHolidaysFor(region, year)) {
      if (date >= from && date <= to) map.set(date, name);
    }
  }
  return map;
}

// ---- The rules -----------------------------------------------------------------------------

/** Easter Sunday in the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** 0 Sunday … 6 Saturday. */
function weekday(date: string): number {
  return new Date(dayNumber(date) * 86_400_000).getUTCDay();
}
const isWeekend = (date: string) => weekday(date) === 0 || weekday(date) === 6;

/** The first `day` (0 Sunday … 6 Saturday) of a month, or the last when `last`. */
function nthWeekday(year: number, month: number, day: number, last = false): string {
  let date = last ? dayNumber(addMonths(isoDate(year, month, 1), 1)) - 1 : dayNumber(isoDate(year, month, 1));
  while (weekday(dateFromDayNumber(date)) !== day) date += last ? -1 : 1;
  return dateFromDayNumber(date);
}

const SUBSTITUTE = ' (substitute day)';

/**
 * Fixed-date holidays that share a season (Christmas and Boxing Day; 1 and 2 January in
 * Scotland): those on a weekday keep their date, then each one on a weekend moves to the next
 * weekday that is still free — so 2021's Saturday and Sunday become 27 and 28 December, and
 * 2022's Sunday Christmas moves past Boxing Day (Monday 26th) to Tuesday 27th.
 */
function fixedWithSubstitutes(days: { date: string; name: string }[]): { date: string; name: string }[] {
  const taken = new Set(days.filter((day) => !isWeekend(day.date)).map((day) => day.date));
  return days.map((day) => {
    if (!isWeekend(day.date)) return day;
    let date = addDays(day.date, 1);
    while (isWeekend(date) || taken.has(date)) date = addDays(date, 1);
    taken.add(date);
    return { date, name: day.name + SUBSTITUTE };
  });
}

/** A single fixed day: on a weekend, the following Monday. */
function fixedToMonday(date: string, name: string): { date: string; name: string } {
  if (!isWeekend(date)) return { date, name };
  return { date: addDays(date, weekday(date) === 6 ? 2 : 1), name: name + SUBSTITUTE };
}

const MONDAY = 1;

/** A region's bank holidays in a year from the rules and the announced one-off days, in date order. */
export function bankHolidayRules(region: BankHolidayRegion, year: number): { date: string; name: string }[] {
  const days: { date: string; name: string }[] = [];
  const newYear = [{ date: isoDate(year, 1, 1), name: 'New Year’s Day' }];
  if (region === 'scotland') newYear.push({ date: isoDate(year, 1, 2), name: '2nd January' });
  days.push(...fixedWithSubstitutes(newYear));

  if (region === 'northern-ireland') days.push(fixedToMonday(isoDate(year, 3, 17), 'St Patrick’s Day'));
  const easter = easterSunday(year);
  days.push({ date: addDays(easter, -2), name: 'Good Friday' });
  if (region !== 'scotland') days.push({ date: addDays(easter, 1), name: 'Easter Monday' });

  // 2020's early May holiday moved to Friday 8 May for the 75th anniversary of VE Day.
  if (year === 2020) days.push({ date: '2020-05-08', name: 'Early May bank holiday (VE day)' });
  else days.push({ date: nthWeekday(year, 5, MONDAY), name: 'Early May bank holiday' });
  if (year === 2023) days.push({ date: '2023-05-08', name: 'Bank holiday for the coronation of King Charles III' });
  // 2022's spring holiday moved to Thursday 2 June, with Friday 3 June added, for the Platinum Jubilee.
  if (year === 2022) {
    days.push({ date: '2022-06-02', name: 'Spring bank holiday' });
    days.push({ date: '2022-06-03', name: 'Platinum Jubilee bank holiday' });
  } else {
    days.push({ date: nthWeekday(year, 5, MONDAY, true), name: 'Spring bank holiday' });
  }

  if (region === 'northern-ireland') days.push(fixedToMonday(isoDate(year, 7, 12), 'Battle of the Boyne (Orangemen’s Day)'));
  days.push(
    region === 'scotland'
      ? { date: nthWeekday(year, 8, MONDAY), name: 'Summer bank holiday' }
      : { date: nthWeekday(year, 8, MONDAY, true), name: 'Summer bank holiday' },
  );
  if (year === 2022) days.push({ date: '2022-09-19', name: 'Bank holiday for the State Funeral of Queen Elizabeth II' });
  if (region === 'scotland') days.push(fixedToMonday(isoDate(year, 11, 30), 'St Andrew’s Day'));
  days.push(
    ...fixedWithSubstitutes([
      { date: isoDate(year, 12, 25), name: 'Christmas Day' },
      { date: isoDate(year, 12, 26), name: 'Boxing Day' },
    ]),
  );
  return days.sort((a, b) => a.date.localeCompare(b.date));
}
