// One day of the rota as a timeline: the window of whole London hours the day's shifts cover
// (at least 09:00–17:00), where each shift's bar sits in it, and how many people are on shift
// in each hour (a shift counts in every hour it overlaps; an open shift counts as a gap).
import { londonInstant } from '../../../shared/dates';
import type { Shift } from '../rotas.contract';
import { shiftDate } from './rota-format';

export type DayBar = { shift: Shift; left: number; width: number };
export type HourCover = { hour: number; staffed: number; open: number };
export type DayTimeline = { startHour: number; endHour: number; bars: DayBar[]; hours: HourCover[] };

const HOUR_MS = 3_600_000;

export function dayTimeline(shifts: readonly Shift[], day: string): DayTimeline {
  const midnight = londonInstant(day, '00:00').getTime();
  const ofDay = shifts.filter((shift) => shiftDate(shift) === day).sort((a, b) => a.start_at.localeCompare(b.start_at));
  const offsets = ofDay.map((shift) => ({
    shift,
    from: (Date.parse(shift.start_at) - midnight) / HOUR_MS,
    to: (Date.parse(shift.end_at) - midnight) / HOUR_MS,
  }));
  const startHour = Math.min(9, ...offsets.map((o) => Math.floor(o.from)));
  const endHour = Math.max(17, ...offsets.map((o) => Math.ceil(o.to)));
  const span = endHour - startHour;
  const bars = offsets.map(({ shift, from, to }) => ({
    shift,
    left: ((from - startHour) / span) * 100,
    width: ((to - from) / span) * 100,
  }));
  const hours: HourCover[] = [];
  for (let hour = startHour; hour < endHour; hour++) {
    const during = offsets.filter((o) => o.from < hour + 1 && o.to > hour);
    hours.push({ hour, staffed: during.filter((o) => o.shift.user_id).length, open: during.filter((o) => !o.shift.user_id).length });
  }
  return { startHour, endHour, bars, hours };
}

/** "09:00" for hour 9; hours past midnight (a night shift's end) read as the next day's. */
export const hourLabel = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
