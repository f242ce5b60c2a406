// The Bradford factor, pure and isomorphic: sickness spells (absences on consecutive working
// days join into one) and the score, spells² × days.
import { dateFromDayNumber, dayNumber, hoursOn, settle, type WeekHours } from './leave-rules';

export type SpellInput = { id: string; start_date: string; end_date: string; days: number };
/** Absences that touch, overlap or are separated only by non-working days of the pattern join into one spell. */
export function bradfordSpells(
  absences: SpellInput[],
  week: WeekHours,
): { start_date: string; end_date: string; days: number; absence_ids: string[] }[] {
  const sorted = [...absences].sort((a, b) =>
    a.start_date === b.start_date ? a.end_date.localeCompare(b.end_date) : a.start_date.localeCompare(b.start_date),
  );
  const spells: { start_date: string; end_date: string; days: number; absence_ids: string[] }[] = [];
  for (const absence of sorted) {
    const current = spells[spells.length - 1];
    if (current && joins(current.end_date, absence.start_date, week)) {
      if (absence.end_date > current.end_date) current.end_date = absence.end_date;
      current.days = settle(current.days + absence.days);
      current.absence_ids.push(absence.id);
    } else {
      spells.push({ start_date: absence.start_date, end_date: absence.end_date, days: absence.days, absence_ids: [absence.id] });
    }
  }
  return spells;
}
/** True when every day after `end` and before `start` is a non-working day. */
function joins(end: string, start: string, week: WeekHours): boolean {
  const last = dayNumber(start);
  for (let day = dayNumber(end) + 1; day < last; day++) {
    if (hoursOn(week, dateFromDayNumber(day)) > 0) return false;
  }
  return true;
}
/** S² × D. */
export function bradfordScore(spells: number, days: number): number {
  return spells * spells * days;
}
