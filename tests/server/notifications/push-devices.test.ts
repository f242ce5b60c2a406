// The devices a person allowed notifications on: each sees and removes only their own, another
// company's device is a 404, administrators and impersonating administrators subscribe
// nothing, only public https push services are taken, a device signed into by someone else
// becomes theirs, logout's removal by endpoint — and no body of any shape gets a 5xx.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushMessages } from '../../../src/server/notifications/push.routes';
import type { PushDevice, PushDevices } from '../../../src/shared/push.contract';
import { PRODUCT_ROLES } from '../../../src/app/server/modules';
import { addRole, addUser, bearer, ownerSql, signIn } from '../../support/identity-fixtures';
import { addLeaveCompany, type LeaveCompany, type LeavePerson } from '../../support/leave-fixtures';
import { newDeviceKeys, verifyVapid } from '../../support/push-receiver';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let acme: LeaveCompany;
let other: LeaveCompany;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  acme = await addLeaveCompany(t, { assignPolicy: false });
  other = await addLeaveCompany(t, { assignPolicy: false });
  const admin = await addUser(t, { company: null, roleId: await addRole(t, { companyId: null, template: PRODUCT_ROLES.administrator }) });
  adminToken = await signIn(t, admin);
});
afterAll(async () => t.close());

const subscription = (name: string, device = 'Chrome on Android') => {
  const keys = newDeviceKeys();
  return { endpoint: `https://fcm.googleapis.com/fcm/send/${name}`, keys: { p256dh: keys.p256dh, auth: keys.auth }, device };
};

async function call(company: LeaveCompany, who: LeavePerson, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(await company.token(who)), ...(payload ? { payload } : {}) });
}

async function subscribe(company: LeaveCompany, who: LeavePerson, name: string): Promise<PushDevice> {
  const res = await call(company, who, 'POST', '/api/push-subscriptions', subscription(name));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PushDevice>();
}

const listOf = async (company: LeaveCompany, who: LeavePerson) =>
  (await call(company, who, 'GET', '/api/push-subscriptions')).json<PushDevices>().results;

describe('own devices', () => {
  it('lists, adds and removes the caller’s own devices only', async () => {
    const phone = await subscribe(acme, 'employee', 'employee-phone');
    expect(phone).toMatchObject({ device: 'Chrome on Android', last_sent_at: null });
    expect((await listOf(acme, 'employee')).map((device) => device.id)).toEqual([phone.id]);
    expect(await listOf(acme, 'manager')).toEqual([]);

    // Even the owner of the same company cannot remove someone else's device: it is not theirs.
    expect((await call(acme, 'owner', 'DELETE', `/api/push-subscriptions/${phone.id}`)).statusCode).toBe(404);
    expect((await call(acme, 'employee', 'DELETE', '/api/push-subscriptions/not-an-id')).statusCode).toBe(404);
    expect((await call(acme, 'employee', 'DELETE', `/api/push-subscriptions/${phone.id}`)).statusCode).toBe(204);
    expect(await listOf(acme, 'employee')).toEqual([]);
    expect((await call(acme, 'employee', 'DELETE', `/api/push-subscriptions/${phone.id}`)).statusCode).toBe(404);
  });

  it('keeps one row per device: subscribing again updates it', async () => {
    const first = await subscribe(acme, 'colleague', 'colleague-phone');
    const again = await subscribe(acme, 'colleague', 'colleague-phone');
    expect(again.id).toBe(first.id);
    expect(await listOf(acme, 'colleague')).toHaveLength(1);
  });

  it('gives a device to whoever signed in on it last, in any company, without what waited for the previous person', async () => {
    const shared = await subscribe(acme, 'office', 'shared-tablet');
    await ownerSql(
      t,
      sql`insert into push_outbox (company_id, subscription_id, payload) values (${acme.companyId}, ${shared.id}, '{"id":"x"}'::jsonb)`,
    );
    const taken = await subscribe(other, 'office', 'shared-tablet');
    expect(taken.id).toBe(shared.id);
    expect(await listOf(acme, 'office')).toEqual([]);
    expect((await listOf(other, 'office')).map((device) => device.id)).toEqual([shared.id]);
    expect(await ownerSql(t, sql`select id from push_outbox where subscription_id = ${shared.id}`)).toEqual([]);
  });

  it('removes this device by its endpoint on logout, and answers 204 for an endpoint that is not the caller’s', async () => {
    await subscribe(acme, 'hr', 'hr-laptop');
    const mine = subscription('hr-laptop').endpoint;
    // Someone else naming it removes nothing.
    expect((await call(acme, 'manager', 'POST', '/api/push-subscriptions/remove', { endpoint: mine })).statusCode).toBe(204);
    expect(await listOf(acme, 'hr')).toHaveLength(1);
    expect((await call(acme, 'hr', 'POST', '/api/push-subscriptions/remove', { endpoint: mine })).statusCode).toBe(204);
    expect(await listOf(acme, 'hr')).toEqual([]);
  });
});

describe('other companies and other callers', () => {
  it('never shows nor removes another company’s device', async () => {
    const theirs = await subscribe(other, 'owner', 'other-owner-phone');
    const body = (await call(acme, 'owner', 'GET', '/api/push-subscriptions')).body;
    expect(body).not.toContain(theirs.id);
    expect(body).not.toContain('other-owner-phone');
    expect((await call(acme, 'owner', 'DELETE', `/api/push-subscriptions/${theirs.id}`)).statusCode).toBe(404);
    await call(acme, 'owner', 'POST', '/api/push-subscriptions/remove', { endpoint: theirs.endpoint });
    expect((await listOf(other, 'owner')).map((device) => device.id)).toEqual([theirs.id]);
  });

  it('answers 401 without a session, 403 to an administrator', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push-subscriptions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/push-subscriptions', payload: subscription('anon') })).statusCode).toBe(401);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: bearer(adminToken),
      payload: subscription('admin'),
    });
    expect(admin.statusCode).toBe(403);
    expect(admin.json<{ message: string }>().message).toBe(pushMessages.notForAdministrators);
    expect((await t.app.inject({ method: 'GET', url: '/api/push-subscriptions', headers: bearer(adminToken) })).statusCode).toBe(403);
  });

  it('takes only public https push services', async () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://localhost/push',
      'https://metadata.internal/push',
      'https://user:pw@push.example.com/x',
      'https://push.example.com:8443/x',
      'javascript:alert(1)',
    ]) {
      const res = await call(acme, 'employee', 'POST', '/api/push-subscriptions', { ...subscription('x'), endpoint });
      expect(res.statusCode, endpoint).toBe(422);
    }
    const badKey = await call(acme, 'employee', 'POST', '/api/push-subscriptions', {
      ...subscription('y'),
      keys: { p256dh: 'a b', auth: '' },
    });
    expect(badKey.statusCode).toBe(422);
  });
});

describe('the receiver used by the delivery test', () => {
  it('refuses a VAPID token whose signature was made with another key', () => {
    const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({ aud: 'https://a.example', exp: Math.floor(Date.now() / 1000) + 60, sub: 'mailto:a@b.c' }),
    ).toString('base64url');
    const k = newDeviceKeys().p256dh;
    const forged = `vapid t=${header}.${claims}.${Buffer.alloc(64, 1).toString('base64url')}, k=${k}`;
    expect(() => verifyVapid(forged, 'https://a.example')).toThrow(/does not verify/);
  });
});

describe('under fuzzing', () => {
  it('never answers 5xx to any body', async () => {
    const scalar = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        '',
        'https://fcm.googleapis.com/fcm/send/z',
        'https://x',
        'a'.repeat(3000),
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      ),
    );
    const value = fc.oneof(scalar, fc.dictionary(fc.constantFrom('p256dh', 'auth', 'x'), scalar, { maxKeys: 3 }));
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom('endpoint', 'keys', 'device', 'id'), value, { maxKeys: 4 }),
      fc.anything({ maxDepth: 2 }),
    );
    const headers = {
      employee: bearer(await acme.token('employee')),
      owner: bearer(await other.token('owner')),
      admin: bearer(adminToken),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/push-subscriptions', '/api/push-subscriptions/remove'),
        fc.constantFrom('employee', 'owner', 'admin'),
        body,
        async (url, who, raw) => {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headers[who as keyof typeof headers], 'content-type': 'application/json' },
            payload: JSON.stringify(raw) ?? 'null',
          });
          expect(res.statusCode, `${who} ${url} ${res.body}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });
});
