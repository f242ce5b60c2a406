// The shipped UK bank holidays: each region's 2025 and 2026 lists as gov.uk publishes them, the
// one-off and moved days of 2020, 2022 and 2023, substitute days, Easter, and a check that the
// shipped data still equals the rules (run scripts/generate-bank-holidays.mjs after a change).
import { describe, expect, it } from 'vitest';
import { BANK_HOLIDAY_REGIONS, BANK_HOLIDAY_YEARS, type BankHolidayRegion } from './leave.contract';
import { BANK_HOLIDAY_DATA } from './bank-holidays.data';
import { BANK_HOLIDAYS_PUBLISHED_THROUGH, bankHolidayMap, bankHolidayRules, bankHolidaysFor, easterSunday } from './bank-holidays';

const dates = (region: BankHolidayRegion, year: number) => bankHolidaysFor(region, year).map((day) => day.date);
const YEARS = Array.from({ length: BANK_HOLIDAY_YEARS.last - BANK_HOLIDAY_YEARS.first + 1 }, (_, i) => BANK_HOLIDAY_YEARS.first + i);

describe('each region’s published list', () => {
  it('England and Wales 2025', () => {
    expect(dates('england-and-wales', 2025)).toEqual([
      '2025-01-01',
      '2025-04-18',
      '2025-04-21',
      '2025-05-05',
      '2025-05-26',
      '2025-08-25',
      '2025-12-25',
      '2025-12-26',
    ]);
  });

  it('England and Wales 2026', () => {
    expect(dates('england-and-wales', 2026)).toEqual([
      '2026-01-01',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
  });

  it('Scotland 2025, with St Andrew’s Day moved to Monday 1 December', () => {
    expect(dates('scotland', 2025)).toEqual([
      '2025-01-01',
      '2025-01-02',
      '2025-04-18',
      '2025-05-05',
      '2025-05-26',
      '2025-08-04',
      '2025-12-01',
      '2025-12-25',
      '2025-12-26',
    ]);
    expect(bankHolidayMap('scotland', '2025-12-01', '2025-12-01').get('2025-12-01')).toBe('St Andrew’s Day (substitute day)');
  });

  it('Scotland 2026', () => {
    expect(dates('scotland', 2026)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-28',
    ]);
  });

  it('Northern Ireland 2025, with the Boyne on Monday 14 July as 12 July is a Saturday', () => {
    expect(new Date('2025-07-12T12:00:00Z').getUTCDay()).toBe(6);
    expect(dates('northern-ireland', 2025)).toEqual([
      '2025-01-01',
      '2025-03-17',
      '2025-04-18',
      '2025-04-21',
      '2025-05-05',
      '2025-05-26',
      '2025-07-14',
      '2025-08-25',
      '2025-12-25',
      '2025-12-26',
    ]);
  });

  it('Northern Ireland 2026', () => {
    expect(dates('northern-ireland', 2026)).toEqual([
      '2026-01-01',
      '2026-03-17',
      '2026-04-03',
      '2026-04-06',
      '2026-05-04',
      '2026-05-25',
      '2026-07-13',
      '2026-08-31',
      '2026-12-25',
      '2026-12-28',
    ]);
  });
});

describe('moved and one-off days', () => {
  it.each(BANK_HOLIDAY_REGIONS)('%s: the early May holiday of 2020 was Friday 8 May (VE Day)', (region) => {
    const may = bankHolidayMap(region, '2020-05-01', '2020-05-31');
    expect(may.get('2020-05-08')).toBe('Early May bank holiday (VE day)');
    expect(may.has('2020-05-04')).toBe(false);
  });

  it.each(BANK_HOLIDAY_REGIONS)('%s: 2022 had the Platinum Jubilee and the State Funeral', (region) => {
    const year = bankHolidayMap(region, '2022-01-01', '2022-12-31');
    expect(year.get('2022-06-02')).toBe('Spring bank holiday');
    expect(year.get('2022-06-03')).toBe('Platinum Jubilee bank holiday');
    expect(year.get('2022-09-19')).toBe('Bank holiday for the State Funeral of Queen Elizabeth II');
    expect(year.has('2022-05-30')).toBe(false);
  });

  it.each(BANK_HOLIDAY_REGIONS)('%s: 2023 had the Coronation on Monday 8 May as well as 1 May', (region) => {
    const may = bankHolidayMap(region, '2023-05-01', '2023-05-31');
    expect(may.get('2023-05-08')).toBe('Bank holiday for the coronation of King Charles III');
    expect(may.get('2023-05-01')).toBe('Early May bank holiday');
  });
});

describe('substitute days', () => {
  it('moves a weekend Christmas and Boxing Day to 27 and 28 December (2021)', () => {
    expect(dates('england-and-wales', 2021).slice(-2)).toEqual(['2021-12-27', '2021-12-28']);
  });

  it('moves a Sunday Christmas past a Monday Boxing Day (2022)', () => {
    const december = bankHolidayMap('england-and-wales', '2022-12-01', '2022-12-31');
    expect([...december]).toEqual([
      ['2022-12-26', 'Boxing Day'],
      ['2022-12-27', 'Christmas Day (substitute day)'],
    ]);
  });

  it('gives Scotland 3 and 4 January when 1 and 2 January fall at the weekend (2022)', () => {
    expect(dates('scotland', 2022).slice(0, 2)).toEqual(['2022-01-03', '2022-01-04']);
    expect(dates('england-and-wales', 2022)[0]).toBe('2022-01-03');
  });

  it('gives Scotland 2 and 3 January when New Year’s Day is a Sunday (2023)', () => {
    expect(dates('scotland', 2023).slice(0, 2)).toEqual(['2023-01-02', '2023-01-03']);
  });

  it('moves St Patrick’s Day to the Monday (2024: Sunday 17 March → 18 March)', () => {
    expect(dates('northern-ireland', 2024)).toContain('2024-03-18');
  });
});

describe('Easter', () => {
  it('finds Easter Sunday for 2018–2030', () => {
    const known = [
      '2018-04-01',
      '2019-04-21',
      '2020-04-12',
      '2021-04-04',
      '2022-04-17',
      '2023-04-09',
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
      '2030-04-21',
    ];
    expect(YEARS.map(easterSunday)).toEqual(known);
  });

  it('gives Easter Monday to England and Wales and Northern Ireland but not Scotland', () => {
    expect(dates('england-and-wales', 2025)).toContain('2025-04-21');
    expect(dates('northern-ireland', 2025)).toContain('2025-04-21');
    expect(dates('scotland', 2025)).not.toContain('2025-04-21');
  });
});

describe('the shipped data', () => {
  it('equals the rules for every region and year', () => {
    for (const region of BANK_HOLIDAY_REGIONS) {
      for (const year of YEARS) {
        expect(
          BANK_HOLIDAY_DATA[region][year]?.days.map(([date, name]) => ({ date, name })),
          `${region} ${year}`,
        ).toEqual(bankHolidayRules(region, year));
      }
    }
  });

  it('marks the years after the last published list as projected', () => {
    expect(BANK_HOLIDAYS_PUBLISHED_THROUGH).toBe(2027);
    for (const region of BANK_HOLIDAY_REGIONS) {
      for (const year of YEARS) {
        const days = bankHolidaysFor(region, year);
        expect(days.length).toBeGreaterThanOrEqual(8);
        expect(days.every((day) => day.projected === year > 2027 && day.region === region)).toBe(true);
      }
    }
  });

  it('only has weekdays, in date order, each once', () => {
    for (const region of BANK_HOLIDAY_REGIONS) {
      for (const year of YEARS) {
        const list = dates(region, year);
        expect([...list].sort()).toEqual(list);
        expect(new Set(list).size).toBe(list.length);
        for (const date of list) {
          expect(date.startsWith(String(year))).toBe(true);
          expect([0, 6]).not.toContain(new Date(`${date}T12:00:00Z`).getUTCDay());
        }
      }
    }
  });

  it('has nothing outside 2018–2030', () => {
    expect(bankHolidaysFor('england-and-wales', 2017)).toEqual([]);
    expect(bankHolidaysFor('england-and-wales', 2031)).toEqual([]);
    expect(bankHolidayMap('england-and-wales', '2031-01-01', '2031-12-31').size).toBe(0);
  });

  it('maps a range across the turn of a year, inclusive at both ends', () => {
    expect([...bankHolidayMap('england-and-wales', '2025-12-26', '2026-01-01').keys()]).toEqual(['2025-12-26', '2026-01-01']);
    expect(bankHolidayMap('england-and-wales', '2026-01-02', '2025-12-01').size).toBe(0);
  });
});
