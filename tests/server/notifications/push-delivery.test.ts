// Web Push end to end on the server side: a notification of the bell is queued for each of the
// recipient's devices in the transaction that made it, and the sending job delivers it to a
// local push endpoint that checks the VAPID signature (RFC 8292) and decrypts the message
// (RFC 8291) as a browser would. Approvers' messages carry Approve and Decline; the person's
// do not. A device its push service reports gone (410) is deleted; a busy service is retried.
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushDevices, PushPayload } from '../../../src/shared/push.contract';
import { PUSH_MAX_ATTEMPTS, sendDuePushes } from '../../../src/server/notifications/push-sender';
import { bearer, ownerSql } from '../../support/identity-fixtures';
import type { LeavePerson } from '../../support/leave-fixtures';
import { harnessFor, type Harness } from '../../support/leave-harness';
import { addLeaveCompany } from '../../support/leave-fixtures';
import { startPushReceiver, type PushReceiver } from '../../support/push-receiver';
import { createTestApp } from '../../support/test-app';

let h: Harness;
let receiver: PushReceiver;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  const t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000' } });
  h = await harnessFor(t, await addLeaveCompany(t));
  receiver = await startPushReceiver();
});
afterAll(async () => {
  await receiver.close();
  await h.t.close();
});

/** A device at the local receiver for `who`; push services are public https, so the row is written directly. */
async function addDevice(who: LeavePerson, name: string): Promise<string> {
  const { endpoint, keys } = receiver.device(name);
  const [row] = await ownerSql<{ id: string }>(
    h.t,
    sql`insert into push_subscriptions (company_id, user_id, endpoint, p256dh, auth, device)
        values (${h.company.companyId}, ${h.company.people[who].id}, ${endpoint}, ${keys.p256dh}, ${keys.auth}, ${name})
        returning id`,
  );
  return row!.id;
}

const send = () => sendDuePushes({ db: h.t.deps.db, logger, config: h.t.config });
const payloadsAt = (name: string) =>
  receiver.received.filter((push) => push.path === `/push/${name}`).map((push) => JSON.parse(push.plaintext) as PushPayload);
const queued = async () => (await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from push_outbox`))[0]!.n;

describe('delivery', () => {
  it('sends a leave request to the approver’s device, signed and encrypted, with Approve and Decline', async () => {
    await addDevice('manager', 'manager-phone');
    const request = await h.book('employee', { start_date: '2029-06-04', end_date: '2029-06-05' });
    expect(await queued()).toBeGreaterThanOrEqual(1);

    const result = await send();
    expect(receiver.rejected).toEqual([]);
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [payload] = payloadsAt('manager-phone');
    expect(payload).toMatchObject({
      user_id: h.company.people.manager.id,
      title: 'Leave: action required',
      link: `/absence/${request.id}`,
      todo: true,
    });
    expect(payload?.body).toMatch(/has asked for Annual leave from 04\/06\/2029 to 05\/06\/2029/);
    expect(payload?.body).not.toMatch(/[<>]|&#/);
    expect(payload?.actions.map((action) => [action.action, action.kind])).toEqual([
      ['approve', 'write'],
      ['decline', 'open'],
    ]);
    expect(payload?.actions[0]).toMatchObject({
      method: 'POST',
      path: `/api/user-absence/${request.id}/approve`,
      resource: 'user-absence',
    });
    expect(payload?.actions[1]).toMatchObject({ link: `/absence/${request.id}?decline=1` });

    // Signed with the key the devices subscribe with; urgent because it asks for action; sent, so no longer queued.
    const devices = (await h.send('manager', 'GET', '/api/push-subscriptions')).json<PushDevices>();
    const pushed = receiver.received.find((push) => push.path === '/push/manager-phone');
    expect(pushed?.vapid.publicKey).toBe(devices.public_key);
    expect(pushed?.headers.urgency).toBe('high');
    expect(Number(pushed?.headers.ttl)).toBeGreaterThan(0);
    expect(await queued()).toBe(0);
    expect(devices.results[0]?.last_sent_at).not.toBeNull();

    // Approving from the notification is the same request the page makes: the person is told, without buttons.
    await addDevice('employee', 'employee-phone');
    const approved = await h.send('manager', 'POST', payload!.actions[0]!.kind === 'write' ? payload!.actions[0]!.path : '', {});
    expect(approved.statusCode, approved.body).toBe(200);
    await send();
    const [told] = payloadsAt('employee-phone');
    expect(told).toMatchObject({ title: 'Leave', todo: false, actions: [] });
    expect(told?.body).toMatch(/was approved/);
  });

  it('sends to every device of the person, and to nobody else’s', async () => {
    await addDevice('colleague', 'colleague-phone');
    await addDevice('colleague', 'colleague-laptop');
    const before = receiver.received.length;
    await h.book('owner', { start_date: '2029-07-02', end_date: '2029-07-02' });
    // The owner booked for themselves: approvers may be told, the colleague is not.
    await send();
    const after = receiver.received.slice(before).map((push) => push.path);
    expect(after).not.toContain('/push/colleague-phone');
    expect(after).not.toContain('/push/colleague-laptop');
  });

  it('deletes a device its push service reports gone (410), and what waited for it', async () => {
    const gone = await addDevice('manager', 'manager-old-phone');
    receiver.answer('manager-old-phone', 410);
    await h.book('employee', { start_date: '2029-06-11', end_date: '2029-06-11' });
    const result = await send();
    expect(result.gone).toBe(1);
    const rows = await ownerSql<{ id: string }>(h.t, sql`select id from push_subscriptions where id = ${gone}`);
    expect(rows).toEqual([]);
    expect(await queued()).toBe(0);
    // The manager's working phone still got it.
    expect(payloadsAt('manager-phone').some((payload) => payload.body.includes('11/06/2029'))).toBe(true);
  });

  it('tries a busy push service again later, and gives up after a few attempts', async () => {
    await addDevice('manager', 'manager-tablet');
    receiver.answer('manager-tablet', 503);
    await h.book('employee', { start_date: '2029-06-18', end_date: '2029-06-18' });
    const first = await send();
    expect(first.retried).toBeGreaterThanOrEqual(1);
    const [waiting] = await ownerSql<{ attempts: number; later: boolean }>(
      h.t,
      sql`select o.attempts, o.next_attempt_at > now() as later from push_outbox o
          join push_subscriptions s on s.id = o.subscription_id where s.device = 'manager-tablet'`,
    );
    expect(waiting).toEqual({ attempts: 1, later: true });
    // Due again at once, answered 503 each time: dropped after the last attempt, the device kept.
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS; attempt += 1) {
      await ownerSql(h.t, sql`update push_outbox set next_attempt_at = now()`);
      await send();
    }
    expect(await queued()).toBe(0);
    expect(await ownerSql(h.t, sql`select id from push_subscriptions where device = 'manager-tablet'`)).toHaveLength(1);
  });

  it('queues nothing for a person with no device, and nothing when the change rolls back', async () => {
    await ownerSql(h.t, sql`delete from push_subscriptions`);
    await h.book('employee', { start_date: '2029-06-25', end_date: '2029-06-25' });
    expect(await queued()).toBe(0);
    // A refused request (an overlap) notifies nobody and queues nothing.
    await addDevice('manager', 'manager-phone');
    const refused = await h.request('employee', { start_date: '2029-06-25', end_date: '2029-06-25' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await queued()).toBe(0);
  });
});

describe('the token', () => {
  it('is the same for every device list and never changes between calls', async () => {
    const a = (
      await h.t.app.inject({ method: 'GET', url: '/api/push-subscriptions', headers: bearer(await h.company.token('owner')) })
    ).json<PushDevices>();
    const b = (await h.send('employee', 'GET', '/api/push-subscriptions')).json<PushDevices>();
    expect(a.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(b.public_key).toBe(a.public_key);
  });
});
