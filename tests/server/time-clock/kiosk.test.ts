// The time clock's kiosk on real PostgreSQL: an administrator sets up a location's tablet (its
// token shown once, only its hash kept, audited) and revokes it; people set their own PIN (kept
// hashed) and a manager resets it; the tablet, with its token and no sign-in, lists its
// location's people, proves a PIN (never saying whose a wrong one is), pauses a person after 5
// wrong PINs on that tablet, and records clock events once (a repeat of the same tap replayed)
// with the tablet's time kept; another company's kiosk and people are out of reach; any body
// sent to the tablet's routes is answered without a 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  kioskMessages,
  type CreatedKiosk,
  type Kiosk,
  type KioskClock,
  type KioskDevice,
} from '../../../src/modules/time-clock/kiosk.contract';
import { ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { addRotaCompany, type RotaHarness } from '../../support/rotas-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let r: RotaHarness;
let other: RotaHarness;
let site: string;
let token: string;
let kioskId: string;

async function addLocation(h: RotaHarness, name: string, people: LeavePerson[]): Promise<string> {
  const [row] = await ownerSql<{ id: string }>(
    t,
    sql`insert into company_locations (company_id, name) values (${h.company.companyId}, ${name}) returning id`,
  );
  for (const who of people) await ownerSql(t, sql`update users set location_id = ${row!.id} where id = ${h.company.people[who].id}`);
  return row!.id;
}

const tablet = (method: 'GET' | 'POST', url: string, options: { token?: string; payload?: object; key?: string } = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(options.token !== undefined ? { 'x-kiosk-token': options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });

const setPin = async (h: RotaHarness, who: LeavePerson, pin: string) => {
  const res = await h.send(who, 'PUT', '/api/time-clock/pin', { pin });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  r = await addRotaCompany(t);
  other = await addRotaCompany(t, 'Elsewhere Ltd');
  site = await addLocation(r, 'Leeds depot', ['employee', 'colleague', 'manager']);
  await addLocation(other, 'Leeds depot', ['employee']);
  const res = await r.send('owner', 'POST', '/api/time-clock-kiosks', { name: 'Depot tablet', location_id: site });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json<CreatedKiosk>();
  token = created.token;
  kioskId = created.id;
  await setPin(r, 'employee', '4321');
  await setPin(r, 'colleague', '2580');
  await setPin(other, 'employee', '4321');
});
afterAll(async () => t.close());

describe('setting up a kiosk', () => {
  it('gives the token once, keeps only its hash, lists the kiosk without it and audits it', async () => {
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [row] = await ownerSql<{ token_hash: string }>(t, sql`select token_hash from time_clock_kiosks where id = ${kioskId}`);
    expect(row!.token_hash).not.toContain(token);
    const list = await r.send('owner', 'GET', '/api/time-clock-kiosks');
    expect(list.json<Kiosk[]>()).toEqual([expect.objectContaining({ id: kioskId, name: 'Depot tablet', location_name: 'Leeds depot' })]);
    expect(list.body).not.toContain(token);
    const audit = await ownerSql(t, sql`select 1 from audit_log where action = 'time-clock.kiosk-created' and target_id = ${kioskId}`);
    expect(audit).toHaveLength(1);
  });

  it('is for administrators: a manager or an employee may not set one up', async () => {
    for (const who of ['manager', 'employee'] as const) {
      const res = await r.send(who, 'POST', '/api/time-clock-kiosks', { name: 'Mine', location_id: site });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses another company’s location, and another company’s owner cannot see or revoke the kiosk', async () => {
    const res = await other.send('owner', 'POST', '/api/time-clock-kiosks', { name: 'Theirs', location_id: site });
    expect(res.statusCode).toBe(422);
    expect((await other.send('owner', 'GET', '/api/time-clock-kiosks')).json<Kiosk[]>()).toEqual([]);
    expect((await other.send('owner', 'DELETE', `/api/time-clock-kiosks/${kioskId}`)).statusCode).toBe(404);
  });
});

describe('PINs', () => {
  it('keeps a PIN hashed, and refuses one that is not 4 to 6 digits', async () => {
    const [row] = await ownerSql<{ pin_hash: string }>(
      t,
      sql`select pin_hash from time_clock_pins where user_id = ${r.company.people.employee.id}`,
    );
    expect(row!.pin_hash).toMatch(/^scrypt\$/);
    expect(row!.pin_hash).not.toContain('4321');
    for (const pin of ['123', '1234567', 'abcd', '12 34']) {
      const res = await r.send('employee', 'PUT', '/api/time-clock/pin', { pin });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ errors: Record<string, string[]> }>().errors.pin).toEqual([kioskMessages.pin]);
    }
    expect((await r.send('employee', 'GET', '/api/time-clock/pin')).json()).toMatchObject({ has_pin: true });
  });

  it('a manager resets a PIN in their reach; an employee may not; another company’s person is not found', async () => {
    await setPin(r, 'manager', '9999');
    expect((await r.send('employee', 'DELETE', `/api/timesheets/pins/${r.company.people.manager.id}`)).statusCode).toBe(403);
    expect((await r.send('owner', 'DELETE', `/api/timesheets/pins/${other.company.people.employee.id}`)).statusCode).toBe(404);
    const res = await r.send('owner', 'DELETE', `/api/timesheets/pins/${r.company.people.manager.id}`);
    expect(res.json()).toEqual({ reset: true });
    expect((await r.send('manager', 'GET', '/api/time-clock/pin')).json()).toMatchObject({ has_pin: false });
    const wrong = await tablet('POST', '/api/kiosk/identify', { token, payload: { user_id: r.company.people.manager.id, pin: '9999' } });
    expect(wrong.statusCode).toBe(422);
  });
});

describe('the tablet', () => {
  it('is refused without its token or with a wrong one, and lists only its location’s people by name', async () => {
    expect((await tablet('GET', '/api/kiosk')).statusCode).toBe(403);
    expect((await tablet('GET', '/api/kiosk', { token: 'not-a-token' })).statusCode).toBe(403);
    const res = await tablet('GET', '/api/kiosk', { token });
    expect(res.statusCode).toBe(200);
    const device = res.json<KioskDevice>();
    expect(device.location_name).toBe('Leeds depot');
    expect(device.people.map((person) => person.user_id).sort()).toEqual(
      [r.company.people.employee.id, r.company.people.colleague.id, r.company.people.manager.id].sort(),
    );
    expect(Object.keys(device.people[0]!).sort()).toEqual(['in', 'name', 'user_id']);
  });

  it('answers a wrong PIN, a person of another location and another company’s person alike', async () => {
    const answers = await Promise.all(
      [
        { user_id: r.company.people.employee.id, pin: '0000' },
        { user_id: r.company.people.office.id, pin: '4321' },
        { user_id: other.company.people.employee.id, pin: '4321' },
      ].map((payload) => tablet('POST', '/api/kiosk/identify', { token, payload })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe(kioskMessages.wrongPin);
    }
  });

  it('shows the person and their clock after a right PIN, records events once with the tablet’s time', async () => {
    const ella = r.company.people.employee.id;
    const who = await tablet('POST', '/api/kiosk/identify', { token, payload: { user_id: ella, pin: '4321' } });
    expect(who.json<KioskClock>()).toMatchObject({ user_id: ella, name: 'Ella Evans', state: 'out' });
    const tapped = new Date(Date.now() - 3 * 60_000);
    const tap = { user_id: ella, pin: '4321', kind: 'clock_in', device_time: tapped.toISOString() };
    const first = await tablet('POST', '/api/kiosk/events', { token, payload: tap, key: 'tap-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<KioskClock>()).toMatchObject({ state: 'in', since: tapped.toISOString() });
    // The same tap sent again (the queue replaying it): one event, the first answer given again.
    const again = await tablet('POST', '/api/kiosk/events', { token, payload: tap, key: 'tap-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const events = await ownerSql<{ kind: string; at: Date; device_time: Date }>(
      t,
      sql`select kind, at, device_time from time_clock_events where user_id = ${ella}`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.device_time.toISOString()).toBe(tapped.toISOString());
    expect(events[0]!.at.toISOString()).toBe(tapped.toISOString());
    // A tap without a key is refused: it could not be sent twice safely.
    expect((await tablet('POST', '/api/kiosk/events', { token, payload: { ...tap, kind: 'clock_out' } })).statusCode).toBe(400);
    const device = (await tablet('GET', '/api/kiosk', { token })).json<KioskDevice>();
    expect(device.people.find((person) => person.user_id === ella)?.in).toBe(true);
    const breakStart = await tablet('POST', '/api/kiosk/events', {
      token,
      payload: { ...tap, kind: 'break_start', device_time: new Date().toISOString() },
      key: 'tap-2',
    });
    expect(breakStart.json<KioskClock>().state).toBe('on_break');
  });

  it('pauses a person after 5 wrong PINs on the tablet, even for the right PIN, without touching others', async () => {
    const colin = r.company.people.colleague.id;
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await tablet('POST', '/api/kiosk/identify', { token, payload: { user_id: colin, pin: '1111' } });
      expect(res.statusCode).toBe(422);
    }
    const locked = await tablet('POST', '/api/kiosk/identify', { token, payload: { user_id: colin, pin: '2580' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toBe(kioskMessages.personLocked);
    const queued = await tablet('POST', '/api/kiosk/events', {
      token,
      payload: { user_id: colin, pin: '2580', kind: 'clock_in', device_time: new Date().toISOString() },
      key: 'colin-1',
    });
    expect(queued.statusCode).toBe(429);
    const ella = await tablet('POST', '/api/kiosk/identify', { token, payload: { user_id: r.company.people.employee.id, pin: '4321' } });
    expect(ella.statusCode).toBe(200);
    // Fifteen minutes on, the pause is over.
    await ownerSql(t, sql`update time_clock_kiosk_attempts set at = at - interval '16 minutes' where user_id = ${colin}`);
    expect((await tablet('POST', '/api/kiosk/identify', { token, payload: { user_id: colin, pin: '2580' } })).statusCode).toBe(200);
  });

  it('is refused once revoked, audited', async () => {
    const created = (await r.send('hr', 'POST', '/api/time-clock-kiosks', { name: 'Spare', location_id: site })).json<CreatedKiosk>();
    expect((await tablet('GET', '/api/kiosk', { token: created.token })).statusCode).toBe(200);
    const res = await r.send('hr', 'DELETE', `/api/time-clock-kiosks/${created.id}`);
    expect(res.statusCode).toBe(200);
    const refused = await tablet('GET', '/api/kiosk', { token: created.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(kioskMessages.device);
    expect((await r.send('hr', 'DELETE', `/api/time-clock-kiosks/${created.id}`)).statusCode).toBe(404);
    const audit = await ownerSql(t, sql`select 1 from audit_log where action = 'time-clock.kiosk-revoked' and target_id = ${created.id}`);
    expect(audit).toHaveLength(1);
  });

  it('answers any body without a server error', async () => {
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom('1234', '\u0000', 'a'.repeat(500)),
    );
    const body = fc.record(
      {
        user_id: fc.oneof(scalar, fc.constant(r.company.people.employee.id), fc.uuid()),
        pin: fc.oneof(scalar, fc.stringMatching(/^\d{3,7}$/)),
        kind: fc.oneof(scalar, fc.constantFrom('clock_in', 'break_start', 'break_end', 'clock_out')),
        device_time: fc.oneof(
          scalar,
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('/api/kiosk/identify', '/api/kiosk/events'),
        fc.string({ minLength: 1, maxLength: 20 }),
        async (payload, url, key) => {
          const res = await tablet('POST', url, { token, payload, key: `fuzz-${key.replace(/[^\x20-\x7e]/g, 'x')}` });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });
});
