// Shifts on days their person is away: the grid and My Rota Shifts mark them ("Off sick", "On
// leave") for those who may know — the person and whoever builds their rota, never a colleague or
// another company — and a manager makes such a shift open in one step, for a colleague to claim;
// the step is refused to employees, to a manager of another department and across companies.
// The break a shift is saved with is the one sent, and bad breaks are refused field by field.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRota, RotaGrid, Shift, ShiftSaved } from '../../../src/modules/rotas/rotas.contract';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import { leaveTypeId } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let h: RotaHarness;
let other: RotaHarness;
const monday = addDays(startOfWeek(londonDate(new Date())), 7);
const tuesday = addDays(monday, 1);
const wednesday = addDays(monday, 2);
const week = `from=${monday}&to=${addDays(monday, 6)}`;
let ellaMonday: Shift;
let colinTuesday: Shift;
let colinWednesday: Shift;
let oscarMonday: Shift;

async function create(harness: RotaHarness, who: 'manager' | 'owner', body: object): Promise<Shift> {
  const res = await harness.send(who, 'POST', '/api/rota', body);
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json<ShiftSaved>().shift;
}

async function away(harness: RotaHarness, who: 'employee' | 'colleague' | 'office', key: string, date: string, status = 'approved') {
  const { companyId } = harness.company;
  const typeId = await leaveTypeId(t, companyId, key);
  await ownerSql(
    t,
    sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status)
        values (${companyId}, ${harness.company.people[who].id}, ${typeId}, ${date}, ${date}, 'days', ${status})`,
  );
}

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Other Ltd');
  // The rota is built first; the absences come after it, as they do.
  ellaMonday = await create(h, 'manager', h.shift({ date: monday, from: '09:00', to: '17:00' }));
  colinTuesday = await create(h, 'manager', h.shift({ date: tuesday, from: '09:00', to: '17:00', user: 'colleague' }));
  colinWednesday = await create(h, 'manager', h.shift({ date: wednesday, from: '09:00', to: '17:00', user: 'colleague' }));
  oscarMonday = await create(h, 'owner', h.shift({ date: monday, from: '09:00', to: '13:00', user: 'office', department: 'Office' }));
  await h.send('owner', 'POST', '/api/rota/publish', { from: monday, to: addDays(monday, 6) });
  await away(h, 'employee', 'sickness', monday, 'pending');
  await away(h, 'colleague', 'annual_leave', tuesday);
  // Declined leave is no day off.
  await away(h, 'colleague', 'annual_leave', wednesday, 'declined');
  await away(h, 'office', 'annual_leave', monday);
  // The other company's Ella is off sick the same day.
  await create(other, 'owner', other.shift({ date: monday, from: '09:00', to: '17:00' }));
  await away(other, 'employee', 'sickness', monday);
});
afterAll(async () => t.close());

const grid = async (harness: RotaHarness, who: Parameters<RotaHarness['send']>[0]) =>
  (await harness.send(who, 'GET', `/api/rota?${week}`)).json<RotaGrid>();
const marks = (shifts: Shift[]) => Object.fromEntries(shifts.map((s) => [s.id, s.day_off]));

describe('shifts on days their person is away', () => {
  it("marks them on a manager's grid for the people they build for, and an owner's for everyone", async () => {
    const manager = marks((await grid(h, 'manager')).shifts);
    expect(manager).toEqual({
      [ellaMonday.id]: { kind: 'sickness', name: 'Sickness' },
      [colinTuesday.id]: { kind: 'leave', name: 'Annual leave' },
      [colinWednesday.id]: null,
    });
    expect(marks((await grid(h, 'owner')).shifts)[oscarMonday.id]).toEqual({ kind: 'leave', name: 'Annual leave' });
    expect(marks((await grid(h, 'otherManager')).shifts)).toEqual({ [oscarMonday.id]: { kind: 'leave', name: 'Annual leave' } });
  });

  it("marks a person's own shifts on My Rota Shifts, and never tells a colleague why someone is away", async () => {
    const ella = (await h.send('employee', 'GET', '/api/rota/mine')).json<MyRota>();
    expect(ella.shifts.map((s) => [s.id, s.day_off])).toEqual([[ellaMonday.id, { kind: 'sickness', name: 'Sickness' }]]);
    const colin = (await h.send('colleague', 'GET', '/api/rota/mine')).json<MyRota>();
    expect(colin.shifts.map((s) => s.day_off)).toEqual([{ kind: 'leave', name: 'Annual leave' }, null]);
    // Ella reads the Operations rota: her own mark, not Colin's leave.
    expect(marks((await grid(h, 'employee')).shifts)).toEqual({
      [ellaMonday.id]: { kind: 'sickness', name: 'Sickness' },
      [colinTuesday.id]: null,
      [colinWednesday.id]: null,
    });
    // Another company's grid knows nothing of this one's absences, nor this one of theirs.
    const theirs = (await grid(other, 'owner')).shifts;
    expect(theirs.map((s) => s.day_off)).toEqual([{ kind: 'sickness', name: 'Sickness' }]);
    expect(theirs.map((s) => s.id)).not.toContain(ellaMonday.id);
  });

  it('lets the manager make the shift open in one step for a colleague to claim; refused to others', async () => {
    const makeOpen = (harness: RotaHarness, who: Parameters<RotaHarness['send']>[0], id: string) =>
      harness.send(who, 'POST', `/api/rota/${id}/make-open`);
    expect((await makeOpen(h, 'employee', ellaMonday.id)).statusCode).toBe(403);
    expect((await makeOpen(h, 'otherManager', ellaMonday.id)).statusCode).toBe(403);
    expect((await makeOpen(other, 'owner', ellaMonday.id)).statusCode).toBe(404);
    expect((await makeOpen(h, 'manager', 'not-an-id')).statusCode).toBe(404);
    expect(marks((await grid(h, 'manager')).shifts)[ellaMonday.id]).not.toBeNull();

    const opened = await makeOpen(h, 'manager', ellaMonday.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ shift: Shift }>().shift).toMatchObject({ id: ellaMonday.id, user_id: null, published: true, day_off: null });
    // Sent again (a double tap), it stays open.
    expect((await makeOpen(h, 'manager', ellaMonday.id)).statusCode).toBe(200);
    expect((await h.send('employee', 'GET', '/api/rota/mine')).json<MyRota>().shifts).toEqual([]);
    const told = await ownerSql<{ description: string }>(
      t,
      sql`select description from notifications where user_id = ${h.company.people.employee.id} and relates_to = 'rota' order by created_at`,
    );
    expect(told.at(-1)?.description).toMatch(/is now an open shift for a colleague to take\.$/);

    const colin = (await h.send('colleague', 'GET', '/api/rota/mine')).json<MyRota>();
    expect(colin.open.map((s) => s.id)).toEqual([ellaMonday.id]);
    expect((await h.send('colleague', 'POST', `/api/rota/${ellaMonday.id}/claim`)).statusCode).toBe(200);
    expect((await grid(h, 'manager')).shifts.find((s) => s.id === ellaMonday.id)).toMatchObject({ user_name: 'Colin Cole', day_off: null });
  });

  it('saves the break the manager chose, and refuses a break that is negative or as long as the shift, by field', async () => {
    const chosen = await create(h, 'manager', h.shift({ date: addDays(monday, 4), from: '10:00', to: '16:00', break_minutes: 0 }));
    expect(chosen.break_minutes).toBe(0);
    const changed = await h.send('manager', 'PUT', `/api/rota/${chosen.id}`, {
      ...h.shift({ date: addDays(monday, 4), from: '10:00', to: '16:00', break_minutes: 25 }),
    });
    expect(changed.json<ShiftSaved>().shift.break_minutes).toBe(25);
    for (const [minutes, message] of [
      [-5, 'Give the break in whole minutes, 0 for none.'],
      [360, 'The break must be shorter than the shift.'],
      [12.5, 'Give the break in whole minutes, 0 for none.'],
      [null, 'Give the break in whole minutes, 0 for none.'],
    ] as const) {
      const body = { ...h.shift({ date: addDays(monday, 5), from: '10:00', to: '16:00' }), break_minutes: minutes };
      const res = await h.send('manager', 'POST', '/api/rota', body);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.break_minutes).toEqual([message]);
    }
  });
});
