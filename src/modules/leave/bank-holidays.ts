// UK bank holidays for England and Wales, Scotland and Northern Ireland, 2018–2030
// (BANK_HOLIDAY_YEARS), shipped as data in bank-holidays.data.ts: computed from the statutory
// rules (Banking and Financial Dealings Act 1971, substitute days) plus the published one-off
// days; years after the last published list are marked projected. Implemented in the rules part.
import type { BankHolidayRegion } from './leave.contract';

export type ShippedBankHoliday = { date: string; name: string; region: BankHolidayRegion; projected: boolean };

/** The shipped days of `region` in `year` (empty outside BANK_HOLIDAY_YEARS), in date order. */
export declare function bankHolidaysFor(region: BankHolidayRegion, year: number): ShippedBankHoliday[];
/** The shipped days of `region` from `from` to `to` inclusive, as date → name. */
export declare function bankHolidayMap(region: BankHolidayRegion, from: string, to: string): Map<string, string>;
