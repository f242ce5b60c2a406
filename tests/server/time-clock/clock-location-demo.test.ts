// The clock-location demo as the seed writes it: the Edinburgh office records where people
// clock; Jack Robertson's clock-in on last week's Tuesday, made in Leith, is flagged outside
// the location on Marcus's timesheet, his and Grace's other events carry unflagged positions
// near the office; and Isla Campbell (Edinburgh, no rota, never clocked) is told her position
// is recorded and may clock in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../../src/app/server/seed';
import type { MyClock, TimesheetWeek } from '../../../src/modules/time-clock/time-clock.contract';
import { addDays, londonDate, startOfWeek } from '../../../src/shared/dates';
import { bearer } from '../../support/identity-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '100000' } });
  await seedDemo(t.database.ownerDb);
});
afterAll(async () => t.close());

async function get<T>(email: string, url: string): Promise<T> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } });
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(login.json<{ auth_token: string }>().auth_token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('the clock-location demo', () => {
  it("flags Jack's clock-in from Leith last Tuesday and records positions near the Edinburgh office otherwise", async () => {
    const lastMonday = addDays(startOfWeek(londonDate(new Date())), -7);
    const week = await get<TimesheetWeek>('manager@demo.test', `/api/timesheets?week=${lastMonday}`);
    const entries = (name: string) => week.people.find((person) => person.name === name)?.entries ?? [];
    const flagged = entries('Jack Robertson').filter((entry) => entry.flags.includes('outside_location'));
    expect(flagged.map((entry) => entry.date)).toEqual([addDays(lastMonday, 1)]);
    const clockIn = flagged[0]?.events.find((event) => event.kind === 'clock_in');
    expect(clockIn?.location).toMatchObject({ location_name: 'Edinburgh', flag: 'outside_location', radius_m: 200 });
    expect(clockIn?.location?.distance_m).toBeGreaterThan(2500);
    // Every event sent from her phone (not the clock-out the midnight job wrote for her).
    const grace = entries('Grace Murray').flatMap((entry) => entry.events.filter((event) => event.device_time !== null));
    expect(grace.length).toBeGreaterThan(0);
    for (const event of grace) expect(event.location).toMatchObject({ flag: null, location_name: 'Edinburgh' });
    expect(entries('Leo Thompson').flatMap((entry) => entry.events.map((event) => event.location))).not.toContainEqual(expect.anything());
  });

  it('tells Isla, with no rota and nothing clocked, that her position is recorded, and lets her clock in', async () => {
    const clock = await get<MyClock>('isla.campbell@demo.test', '/api/time-clock');
    expect(clock).toMatchObject({ open: null, last: null, record_location: { location_name: 'Edinburgh' }, clock_without_shift: true });
  });
});
