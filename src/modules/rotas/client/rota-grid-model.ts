// The manager's week grid as data: shifts by person and day (open shifts on their own row),
// paid hours and cost per person and per day from each person's hourly rate, and where a
// shift moved by drag and drop lands (same London times on the new day).
import { addDays, DATE_FORMATS, formatLondon, londonInstant } from '../../../shared/dates';
import type { RotaGrid, RotaPerson, Shift } from '../rotas.contract';
import { workedMinutes } from '../working-time';
import { shiftDate } from './rota-format';

export const OPEN_ROW = 'open';
export type GridRow = {
  id: string;
  name: string;
  person: RotaPerson | null;
  cells: Record<string, Shift[]>;
  minutes: number;
  cost: number;
};
export type DayTotal = { date: string; minutes: number; cost: number; unpriced: number };

const costOf = (shift: Shift, person: RotaPerson | undefined) =>
  person?.hourly_rate ? (workedMinutes(shift) / 60) * person.hourly_rate : 0;

export function gridRows(grid: Pick<RotaGrid, 'shifts' | 'people'>, days: string[]): GridRow[] {
  const people = new Map(grid.people.map((person) => [person.id, person]));
  const rows = new Map<string, GridRow>();
  const rowFor = (id: string, name: string, person: RotaPerson | null) => {
    let row = rows.get(id);
    if (!row) {
      row = { id, name, person, cells: Object.fromEntries(days.map((day) => [day, [] as Shift[]])), minutes: 0, cost: 0 };
      rows.set(id, row);
    }
    return row;
  };
  for (const person of grid.people) rowFor(person.id, person.name, person);
  rowFor(OPEN_ROW, 'Open shifts', null);
  for (const shift of grid.shifts) {
    const row = shift.user_id
      ? rowFor(shift.user_id, shift.user_name ?? 'Someone', people.get(shift.user_id) ?? null)
      : rows.get(OPEN_ROW)!;
    const day = shiftDate(shift);
    if (!row.cells[day]) continue;
    row.cells[day].push(shift);
    row.minutes += workedMinutes(shift);
    row.cost += costOf(shift, shift.user_id ? people.get(shift.user_id) : undefined);
  }
  const open = rows.get(OPEN_ROW)!;
  rows.delete(OPEN_ROW);
  return [...rows.values(), open];
}

export const NO_LOCATION = 'no-location';

/** What a week by place groups shifts on: where they are worked, or the department they are for. */
export type RowPlace = 'location' | 'department';
const placeOf: Record<RowPlace, (shift: Shift) => { id: string; name: string }> = {
  location: (shift) => ({ id: shift.location_id ?? NO_LOCATION, name: shift.location_name ?? 'No location' }),
  department: (shift) => ({ id: shift.department_id, name: shift.department_name }),
};

/** The same week by place: a row per location (those with none last) or department, hours and cost per row. */
export function placeRows(grid: Pick<RotaGrid, 'shifts' | 'people'>, days: string[], place: RowPlace): GridRow[] {
  const people = new Map(grid.people.map((person) => [person.id, person]));
  const rows = new Map<string, GridRow>();
  for (const shift of grid.shifts) {
    const { id, name } = placeOf[place](shift);
    let row = rows.get(id);
    if (!row) {
      row = { id, name, person: null, cells: Object.fromEntries(days.map((day) => [day, [] as Shift[]])), minutes: 0, cost: 0 };
      rows.set(id, row);
    }
    const day = shiftDate(shift);
    if (!row.cells[day]) continue;
    row.cells[day].push(shift);
    row.minutes += workedMinutes(shift);
    row.cost += costOf(shift, shift.user_id ? people.get(shift.user_id) : undefined);
  }
  return [...rows.values()].sort((a, b) => (a.id === NO_LOCATION ? 1 : b.id === NO_LOCATION ? -1 : a.name.localeCompare(b.name)));
}

export function dayTotals(grid: Pick<RotaGrid, 'shifts' | 'people'>, days: string[]): DayTotal[] {
  const people = new Map(grid.people.map((person) => [person.id, person]));
  return days.map((date) => {
    const shifts = grid.shifts.filter((shift) => shiftDate(shift) === date);
    const priced = shifts.map((shift) => ({ shift, person: shift.user_id ? people.get(shift.user_id) : undefined }));
    return {
      date,
      minutes: shifts.reduce((sum, shift) => sum + workedMinutes(shift), 0),
      cost: priced.reduce((sum, { shift, person }) => sum + costOf(shift, person), 0),
      unpriced: priced.filter(({ person }) => !person?.hourly_rate).length,
    };
  });
}

/** The shift moved to `date` (same London clock times, across a clock change too) and to `userId` (null: open). */
export function movedShift(shift: Shift, input: { date: string; userId: string | null }): Shift {
  const from = shiftDate(shift);
  const endDate = formatLondon(shift.end_at, DATE_FORMATS.isoDate);
  const spanDays = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  return {
    ...shift,
    user_id: input.userId,
    start_at: londonInstant(input.date, formatLondon(shift.start_at, DATE_FORMATS.time)).toISOString(),
    end_at: londonInstant(addDays(input.date, spanDays), formatLondon(shift.end_at, DATE_FORMATS.time)).toISOString(),
  };
}
