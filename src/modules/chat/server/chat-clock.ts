// The clock support hours are judged by. In production it is the server's own; tests fix it
// with SUPPORT_CLOCK_FILE, a file holding one ISO instant that is read at every check, so a
// test (or a Playwright run against a real server) can move it without a restart. Messages
// keep their real timestamps; only the open/closed decision follows this clock.
import fs from 'node:fs';
import type { Config } from '../../../server/config';
import { BANK_HOLIDAY_DATA } from '../../leave/bank-holidays.data';
import { isWithinSupportHours, nextOpening, type IsBankHoliday } from '../chat.policy';

export type Clock = () => Date;

export function supportClock(config: Pick<Config, 'support'>): Clock {
  const file = config.support.clockFile;
  if (!file) return () => new Date();
  return () => {
    const text = fs.readFileSync(file, 'utf8').trim();
    const fixed = new Date(text);
    if (Number.isNaN(fixed.getTime())) throw new Error(`SUPPORT_CLOCK_FILE holds no ISO instant: ${text.slice(0, 40)}`);
    return fixed;
  };
}

/** England and Wales, from the leave module's table (2018–2030); a year beyond it has none listed. */
export const isEnglandAndWalesBankHoliday: IsBankHoliday = (date) =>
  BANK_HOLIDAY_DATA['england-and-wales'][Number(date.slice(0, 4))]?.days.some(([day]) => day === date) ?? false;

export type SupportHours = { open: boolean; opensAt: Date | null };

export function supportHoursNow(clock: Clock): SupportHours {
  const now = clock();
  const open = isWithinSupportHours(now, isEnglandAndWalesBankHoliday);
  return { open, opensAt: open ? null : nextOpening(now, isEnglandAndWalesBankHoliday) };
}
