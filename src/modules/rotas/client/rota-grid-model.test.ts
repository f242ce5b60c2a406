import { describe, expect, it } from 'vitest';
import type { RotaPerson, Shift } from '../rotas.contract';
import { dayTimeline, hourLabel } from './rota-day-model';
import { dayTotals, gridRows, movedShift, NO_LOCATION, OPEN_ROW, placeRows } from './rota-grid-model';

const person = (id: string, rate: number | null): RotaPerson => ({
  id,
  name: id.toUpperCase(),
  department_id: 'd',
  hourly_rate: rate,
  working_time_opt_out: false,
});
const shift = (id: string, userId: string | null, start: string, end: string, breakMinutes = 30): Shift => ({
  id,
  user_id: userId,
  user_name: userId?.toUpperCase() ?? null,
  department_id: 'd',
  department_name: 'Kitchen',
  location_id: null,
  location_name: null,
  start_at: start,
  end_at: end,
  break_minutes: breakMinutes,
  role: '',
  notes: '',
  colour: 'blue',
  published: false,
  changed_after_publish: false,
  override_reason: null,
  swap_status: null,
  day_off: null,
});
const days = ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29'];

describe('the week grid', () => {
  const grid = {
    people: [person('ann', 12.5), person('bob', null)],
    shifts: [
      shift('1', 'ann', '2026-03-23T09:00:00Z', '2026-03-23T17:00:00Z'),
      shift('2', 'bob', '2026-03-23T12:00:00Z', '2026-03-23T16:00:00Z', 0),
      shift('3', null, '2026-03-24T09:00:00Z', '2026-03-24T13:00:00Z', 0),
    ],
  };

  it('puts shifts in their person and day, open shifts last, with paid hours and cost per person', () => {
    const rows = gridRows(grid, days);
    expect(rows.map((row) => row.id)).toEqual(['ann', 'bob', OPEN_ROW]);
    expect(rows[0]).toMatchObject({ minutes: 450, cost: 93.75 });
    expect(rows[0]?.cells['2026-03-23']?.map((s) => s.id)).toEqual(['1']);
    expect(rows[2]?.cells['2026-03-24']?.map((s) => s.id)).toEqual(['3']);
  });

  it('groups the same week by location, shifts with no place last', () => {
    const placed = {
      ...grid,
      shifts: grid.shifts.map((s) => (s.id === '2' ? { ...s, location_id: 'm', location_name: 'Manchester' } : s)),
    };
    const rows = placeRows(placed, days, 'location');
    expect(rows.map((row) => [row.id, row.minutes])).toEqual([
      ['m', 240],
      [NO_LOCATION, 690],
    ]);
  });

  it('adds up each day, counting shifts with no rate as unpriced', () => {
    expect(dayTotals(grid, days).slice(0, 2)).toEqual([
      { date: '2026-03-23', minutes: 690, cost: 93.75, unpriced: 1 },
      { date: '2026-03-24', minutes: 240, cost: 0, unpriced: 1 },
    ]);
  });

  it('moves a shift to another day at the same London times, across the clock change', () => {
    // Saturday 28 March 09:00 GMT moved to Monday 30 March is 09:00 BST (08:00 UTC).
    const moved = movedShift(shift('4', 'ann', '2026-03-28T09:00:00Z', '2026-03-28T17:00:00Z'), { date: '2026-03-30', userId: 'bob' });
    expect([moved.start_at, moved.end_at, moved.user_id]).toEqual(['2026-03-30T08:00:00.000Z', '2026-03-30T16:00:00.000Z', 'bob']);
    const night = movedShift(shift('5', 'ann', '2026-01-05T22:00:00Z', '2026-01-06T06:00:00Z'), { date: '2026-01-07', userId: null });
    expect([night.start_at, night.end_at]).toEqual(['2026-01-07T22:00:00.000Z', '2026-01-08T06:00:00.000Z']);
  });
});

describe('a week by department and a day as a timeline', () => {
  it('groups shifts by the department they are for', () => {
    const shifts = [
      shift('1', 'ann', '2026-03-23T09:00:00Z', '2026-03-23T17:00:00Z'),
      { ...shift('2', 'bob', '2026-03-23T12:00:00Z', '2026-03-23T16:00:00Z', 0), department_id: 'b', department_name: 'Bar' },
    ];
    expect(placeRows({ people: [], shifts }, days, 'department').map((row) => [row.name, row.minutes])).toEqual([
      ['Bar', 240],
      ['Kitchen', 450],
    ]);
  });

  it('places the day’s shifts on a London-hour window and counts who is on in each hour', () => {
    // Monday 30 March 2026 is British Summer Time: 07:00Z is 08:00 in London.
    const day = '2026-03-30';
    const timeline = dayTimeline(
      [
        shift('1', 'ann', '2026-03-30T07:00:00Z', '2026-03-30T15:00:00Z'),
        shift('2', null, '2026-03-30T11:00:00Z', '2026-03-30T19:00:00Z', 0),
        shift('3', 'bob', '2026-03-31T07:00:00Z', '2026-03-31T15:00:00Z'),
      ],
      day,
    );
    expect([timeline.startHour, timeline.endHour]).toEqual([8, 20]);
    expect(timeline.bars.map((bar) => [bar.shift.id, Math.round(bar.left), Math.round(bar.width)])).toEqual([
      ['1', 0, 67],
      ['2', 33, 67],
    ]);
    expect(timeline.hours.find((h) => h.hour === 12)).toEqual({ hour: 12, staffed: 1, open: 1 });
    expect(timeline.hours.find((h) => h.hour === 17)).toEqual({ hour: 17, staffed: 0, open: 1 });
    expect(hourLabel(25)).toBe('01:00');
  });
});
