// The time-clock demo as the seed writes it, seeded as if it were Thursday 4 March 2027 at
// 14:00: last week's five days, and this week's shifts already over — Jack 12 minutes late on
// Wednesday, Leo's forgotten Tuesday clock-out closed at 17:00 and flagged, Grace's Monday
// clock-in from a phone whose clock ran ahead, flagged — so this week shows clocked time, not
// "not clocked"; and Leo, Grace and Jack clocked in now, back from lunch, in Marcus's "In now".
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTimeClockDemo } from '../../../src/modules/time-clock/server/time-clock-demo';
import type { InNow, TimesheetWeek } from '../../../src/modules/time-clock/time-clock.contract';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import { withSystem } from '../../../src/server/db/database';
import { londonInstant } from '../../../src/shared/dates';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
const WEEK = '2027-03-01';
const NOW = londonInstant('2027-03-04', '14:00');

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
  const [company] = await ownerSql<{ company_id: string; manager: string }>(
    t,
    sql`select company_id, id as manager from users where email = 'manager@demo.test'`,
  );
  const departments = await ownerSql<{ id: string; name: string }>(
    t,
    sql`select id, name from departments where company_id = ${company!.company_id}`,
  );
  await withSystem(t.database.ownerDb, async (trx) => {
    // The seed wrote the demo as of today; written again as of NOW.
    await sql`delete from time_clock_events where company_id = ${company!.company_id}`.execute(trx);
    await sql`delete from time_clock_entries where company_id = ${company!.company_id}`.execute(trx);
    await seedTimeClockDemo(
      trx,
      {
        companyId: company!.company_id,
        companyName: 'Demo',
        departments: Object.fromEntries(departments.map((department) => [department.name, department.id])),
        roles: new Map(),
        accounts: { 'manager@demo.test': company!.manager },
        passwordHash: '',
      },
      NOW,
    );
  });
});
afterAll(async () => t.close());

async function get<T>(email: string, url: string): Promise<T> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(login.json<{ auth_token: string }>().auth_token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('the time-clock demo', () => {
  it('clocks this week’s shifts already over, with a late arrival, a forgotten clock-out and a flagged clock-in', async () => {
    const week = await get<TimesheetWeek>('manager@demo.test', `/api/timesheets?week=${WEEK}`);
    const person = (name: string) => week.people.find((candidate) => candidate.name === name);
    for (const name of ['Leo Thompson', 'Grace Murray', 'Jack Robertson']) {
      // Monday to Wednesday closed, Thursday still open.
      expect(person(name)?.entries.map((entry) => [entry.date, entry.clock_out_at !== null])).toEqual([
        ['2027-03-01', true],
        ['2027-03-02', true],
        ['2027-03-03', true],
        ['2027-03-04', false],
      ]);
      expect(person(name)?.unclocked_shifts).toEqual([]);
    }
    expect(person('Jack Robertson')?.entries[2]).toMatchObject({ late_minutes: 12, flags: [] });
    expect(person('Leo Thompson')?.entries[1]).toMatchObject({
      flags: ['auto_closed'],
      clock_out_at: londonInstant('2027-03-02', '17:00').toISOString(),
    });
    expect(person('Grace Murray')?.entries[0]?.flags).toEqual(['device_time_future']);
    const closed = week.people.flatMap((candidate) => candidate.entries).filter((entry) => entry.clock_out_at);
    expect(closed.filter((entry) => entry.flags.length > 0)).toHaveLength(2);
  });

  it('has Leo, Grace and Jack clocked in now, back from lunch, for Marcus', async () => {
    const now = await get<InNow>('manager@demo.test', '/api/timesheets/in-now');
    expect(now.people.map((person) => [person.name, person.break_since])).toEqual(
      expect.arrayContaining([
        ['Leo Thompson', null],
        ['Grace Murray', null],
        ['Jack Robertson', null],
      ]),
    );
    expect(now.people.every((person) => person.shift !== null)).toBe(true);
  });
});
