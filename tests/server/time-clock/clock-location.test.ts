// The time clock's optional location on real PostgreSQL: a position sent with an event is
// recorded only where the company records location for the person's (or the shift's)
// location; inside the radius it is kept unflagged, beyond it (less the phone's accuracy, up to
// a cap) the entry is flagged 'outside_location', none at all 'location_unavailable' — never
// refused; a kiosk's events are not judged. Retention erases the coordinates and keeps the
// flag. Another company can neither set a site on this company's location nor see its
// positions. Clock-in without a shift is refused only where the company turned it off. No body
// with the new fields answers 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverModules } from '../../../src/app/server/modules';
import { runRetention } from '../../../src/modules/privacy/server/retention.service';
import { clockingMessages } from '../../../src/modules/time-clock/server/time-clock-location';
import type { ClockingSettings } from '../../../src/modules/time-clock/time-clock-location.contract';
import type { MyClock, TimesheetWeek } from '../../../src/modules/time-clock/time-clock.contract';
import { londonDate, startOfWeek } from '../../../src/shared/dates';
import { ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

// The site: a warehouse in Leeds; 150 m radius.
const SITE = { latitude: 53.7965, longitude: -1.5478 };
const INSIDE = { latitude: 53.7968, longitude: -1.5471, accuracy: 12 }; // about 55 m away
const NEAR_EDGE = { latitude: 53.7985, longitude: -1.5478, accuracy: 80 }; // about 222 m away, within 150 m + 80 m
const OUTSIDE = { latitude: 53.8065, longitude: -1.5478, accuracy: 20 }; // about 1.1 km away
const VAGUE_FAR = { latitude: 53.8065, longitude: -1.5478, accuracy: 5000 }; // 1.1 km, accuracy counted only up to 250 m

let t: TestApp;
let r: RotaHarness;
let other: RotaHarness;
let leeds: string;
let york: string;
beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  r = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Elsewhere Ltd');
  leeds = await addLocation(r, 'Leeds warehouse');
  york = await addLocation(r, 'York shop');
  await ownerSql(
    t,
    sql`update users set location_id = ${leeds} where id in (${r.company.people.employee.id}, ${r.company.people.colleague.id})`,
  );
  await ownerSql(t, sql`update users set location_id = ${york} where id = ${r.company.people.office.id}`);
  const res = await r.send('hr', 'PUT', `/api/time-clock-settings/sites/${leeds}`, { record_location: true, ...SITE, radius_m: 150 });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t.close());

async function addLocation(h: RotaHarness, name: string): Promise<string> {
  const rows = await ownerSql<{ id: string }>(
    t,
    sql`insert into company_locations (company_id, name) values (${h.company.companyId}, ${name}) returning id`,
  );
  return rows[0]!.id;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
async function clock(who: LeavePerson, kind: string, minutes: number, location?: unknown): Promise<MyClock> {
  const res = await r.send(who, 'POST', '/api/time-clock/events', {
    kind,
    device_time: minutesAgo(minutes),
    ...(location === undefined ? {} : { location }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MyClock>();
}

const storedLocations = (who: LeavePerson) =>
  ownerSql<{ latitude: number | null; flag: string | null; distance_m: number | null }>(
    t,
    sql`select latitude, flag, distance_m from time_clock_event_locations where user_id = ${r.company.people[who].id} order by recorded_at`,
  );

describe('recording the position with a clock event', () => {
  it('keeps a position inside the radius unflagged, flags one outside, and shows the person what was recorded', async () => {
    const before = await r.send('employee', 'GET', '/api/time-clock');
    expect(before.json<MyClock>().record_location).toEqual({ location_name: 'Leeds warehouse' });
    const inside = await clock('employee', 'clock_in', 40, INSIDE);
    expect(inside.open?.flags).toEqual([]);
    expect(inside.open?.events[0]?.location).toMatchObject({
      location_name: 'Leeds warehouse',
      latitude: INSIDE.latitude,
      longitude: INSIDE.longitude,
      accuracy_m: 12,
      radius_m: 150,
      flag: null,
    });
    expect(inside.open?.events[0]?.location?.distance_m).toBeGreaterThan(40);
    expect(inside.open?.events[0]?.location?.distance_m).toBeLessThan(70);
    // Within the radius once the phone's accuracy is allowed for.
    const edge = await clock('employee', 'break_start', 30, NEAR_EDGE);
    expect(edge.open?.flags).toEqual([]);
    expect(edge.open?.events[1]?.location?.flag).toBeNull();
    await clock('employee', 'break_end', 20, VAGUE_FAR);
    const out = await clock('employee', 'clock_out', 10, OUTSIDE);
    expect(out.last?.flags).toEqual(['outside_location']);
    expect(out.last?.events.map((event) => event.location?.flag)).toEqual([null, null, 'outside_location', 'outside_location']);
    expect(out.last?.events[3]?.location?.distance_m).toBeGreaterThan(1000);
  });

  it('flags an event sent with no position, without refusing it', async () => {
    const none = await clock('colleague', 'clock_in', 30, null);
    expect(none.open?.flags).toEqual(['location_unavailable']);
    const missing = await clock('colleague', 'clock_out', 5);
    expect(missing.last?.flags).toEqual(['location_unavailable']);
    expect(missing.last?.events.map((event) => event.location?.flag)).toEqual(['location_unavailable', 'location_unavailable']);
  });

  it('stores nothing where the company does not record location, even when the phone sent a position', async () => {
    const mine = await r.send('office', 'GET', '/api/time-clock');
    expect(mine.json<MyClock>().record_location).toBeNull();
    const sent = await clock('office', 'clock_in', 20, OUTSIDE);
    expect(sent.open?.flags).toEqual([]);
    expect(sent.open?.events[0]?.location).toBeUndefined();
    await clock('office', 'clock_out', 1, OUTSIDE);
    expect(await storedLocations('office')).toEqual([]);
  });

  it("shows the manager the flag on the week's timesheet", async () => {
    const week = startOfWeek(londonDate(new Date()));
    const res = await r.send('hr', 'GET', `/api/timesheets?week=${week}`);
    expect(res.statusCode).toBe(200);
    const people = res.json<TimesheetWeek>().people;
    const flagsOf = (id: string) => people.find((person) => person.user_id === id)?.entries.flatMap((entry) => entry.flags);
    expect(flagsOf(r.company.people.employee.id)).toEqual(['outside_location']);
    expect(flagsOf(r.company.people.colleague.id)).toEqual(['location_unavailable']);
  });

  it('erases the coordinates at the end of retention and keeps the flag and the distance', async () => {
    await ownerSql(
      t,
      sql`update time_clock_event_locations set recorded_at = now() - interval '100 days' where user_id = ${r.company.people.employee.id}`,
    );
    const result = await runRetention(t.database.db, { modules: serverModules, companyId: r.company.companyId, now: new Date() });
    expect(result.removed.time_clock_event_locations).toBe(4);
    const rows = await storedLocations('employee');
    expect(rows.map((row) => [row.latitude, row.flag])).toEqual([
      [null, null],
      [null, null],
      [null, 'outside_location'],
      [null, 'outside_location'],
    ]);
    expect(rows[3]?.distance_m).toBeGreaterThan(1000);
    // The colleague's recent rows are inside the period: untouched (no coordinates to erase, flag kept).
    expect((await storedLocations('colleague')).map((row) => row.flag)).toEqual(['location_unavailable', 'location_unavailable']);
    const entry = await ownerSql<{ flags: string[] }>(
      t,
      sql`select flags from time_clock_entries where user_id = ${r.company.people.employee.id}`,
    );
    expect(entry[0]?.flags).toEqual(['outside_location']);
  });
});

describe("a kiosk's events", () => {
  it('are at their site: not judged by a phone position, nothing stored, no flag', async () => {
    await ownerSql(t, sql`update users set location_id = ${leeds} where id = ${r.company.people.hr.id}`);
    const kiosk = await r.send('owner', 'POST', '/api/time-clock-kiosks', { name: 'Warehouse tablet', location_id: leeds });
    expect(kiosk.statusCode, kiosk.body).toBe(200);
    const pin = await r.send('hr', 'PUT', '/api/time-clock/pin', { pin: '4321' });
    expect(pin.statusCode, pin.body).toBe(200);
    const tap = await t.app.inject({
      method: 'POST',
      url: '/api/kiosk/events',
      headers: { 'x-kiosk-token': kiosk.json<{ token: string }>().token, 'idempotency-key': 'kiosk-tap-1' },
      payload: { user_id: r.company.people.hr.id, pin: '4321', kind: 'clock_in', device_time: minutesAgo(2) },
    });
    expect(tap.statusCode, tap.body).toBe(200);
    const mine = await r.send('hr', 'GET', '/api/time-clock');
    expect(mine.json<MyClock>().open?.flags).toEqual([]);
    expect(await storedLocations('hr')).toEqual([]);
    await clock('hr', 'clock_out', 1, INSIDE);
  });
});

describe('the clocking settings', () => {
  it('lists the locations with their sites, for owners and HR admins only', async () => {
    const res = await r.send('owner', 'GET', '/api/time-clock-settings/clocking');
    expect(res.statusCode).toBe(200);
    const settings = res.json<ClockingSettings>();
    expect(settings.clock_without_shift).toBe(true);
    expect(settings.sites).toEqual([
      { location_id: leeds, location_name: 'Leeds warehouse', record_location: true, ...SITE, radius_m: 150 },
      { location_id: york, location_name: 'York shop', record_location: false, latitude: null, longitude: null, radius_m: null },
    ]);
    expect((await r.send('employee', 'GET', '/api/time-clock-settings/clocking')).statusCode).toBe(403);
    const put = await r.send('manager', 'PUT', `/api/time-clock-settings/sites/${york}`, { record_location: true, ...SITE, radius_m: 100 });
    expect(put.statusCode).toBe(403);
  });

  it('refuses a radius out of range and a site on another company’s location', async () => {
    const tiny = await r.send('hr', 'PUT', `/api/time-clock-settings/sites/${york}`, { record_location: true, ...SITE, radius_m: 5 });
    expect(tiny.statusCode).toBe(422);
    const theirs = await other.send('owner', 'PUT', `/api/time-clock-settings/sites/${york}`, {
      record_location: true,
      ...SITE,
      radius_m: 100,
    });
    expect(theirs.statusCode).toBe(404);
    const listed = await other.send('owner', 'GET', '/api/time-clock-settings/clocking');
    expect(listed.json<ClockingSettings>().sites).toEqual([]);
    const sites = await ownerSql<{ n: number }>(t, sql`select count(*)::int as n from time_clock_sites where location_id = ${york}`);
    expect(sites[0]?.n).toBe(0);
  });

  it("keeps another company's people's positions out of its timesheets", async () => {
    const week = startOfWeek(londonDate(new Date()));
    const res = await other.send('owner', 'GET', `/api/timesheets?week=${week}`);
    const ids = res.json<TimesheetWeek>().people.flatMap((person) => person.entries.map((entry) => entry.user_id));
    expect(ids).not.toContain(r.company.people.employee.id);
    const seen = await ownerSql<{ n: number }>(
      t,
      sql`select count(*)::int as n from time_clock_event_locations where company_id = ${other.company.companyId}`,
    );
    expect(seen[0]?.n).toBe(0);
  });

  it('refuses a clock-in with no shift only where the company turned clocking without a shift off', async () => {
    const off = await r.send('owner', 'PUT', '/api/time-clock-settings/clocking', { clock_without_shift: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await r.send('manager', 'GET', '/api/time-clock')).json<MyClock>().clock_without_shift).toBe(false);
    const refused = await r.send('manager', 'POST', '/api/time-clock/events', { kind: 'clock_in', device_time: minutesAgo(1) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(clockingMessages.noShift);
    await r.send('owner', 'PUT', '/api/time-clock-settings/clocking', { clock_without_shift: true });
    const allowed = await r.send('manager', 'POST', '/api/time-clock/events', { kind: 'clock_in', device_time: minutesAgo(1) });
    expect(allowed.statusCode, allowed.body).toBe(200);
    await r.send('manager', 'POST', '/api/time-clock/events', { kind: 'clock_out', device_time: new Date().toISOString() });
  });
});

describe('clock events with positions under fuzzing', () => {
  const scalar = fc.oneof(fc.double(), fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), fc.boolean());
  const position = fc.oneof(
    fc.record(
      {
        latitude: fc.oneof(fc.double({ min: -100, max: 100 }), scalar),
        longitude: fc.oneof(fc.double({ min: -200, max: 200 }), scalar),
        accuracy: fc.oneof(fc.double({ min: -1, max: 200_000 }), scalar),
      },
      { requiredKeys: [] },
    ),
    scalar,
    fc.anything({ maxDepth: 2 }),
  );
  const body = fc.record(
    {
      kind: fc.constantFrom('clock_in', 'break_start', 'break_end', 'clock_out', 'nap'),
      device_time: fc.oneof(fc.constant(minutesAgo(1)), fc.string({ maxLength: 30 })),
      location: position,
    },
    { requiredKeys: [] },
  );

  it('never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const res = await r.send('employee', 'POST', '/api/time-clock/events', payload);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const put = fc.record(
      { record_location: scalar, latitude: scalar, longitude: scalar, radius_m: fc.oneof(fc.integer({ min: -10, max: 9000 }), scalar) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(put, async (payload) => {
        const res = await r.send('hr', 'PUT', `/api/time-clock-settings/sites/${york}`, payload);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
