// Two real server processes (the built `dist/server/main.mjs`) on one database, a
// client socket on each: an event committed anywhere — by publish() here, or by an API
// write through either process — reaches both sockets within a second; a logout through
// one process closes the socket held by the other; and with Ably configured on both, each
// event reaches the (local stand-in for) Ably's REST host once, not once per process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../src/server/db/database';
import { notify } from '../../../src/server/notifications/notify';
import { publish } from '../../../src/server/realtime/publish';
import {
  ABLY_CHANNEL_PREFIX,
  companyChannel,
  NOTIFICATION_EVENT,
  REALTIME_CLOSE,
  userChannel,
  type RealtimeEvent,
} from '../../../src/shared/realtime';
import { addCompanyWithRoles, addUser, inCompany, type UserFixture } from '../../support/identity-fixtures';
import { RealtimeTestClient, signInAt, startServerProcess, until, type ServerProcess } from '../../support/realtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let processes: ServerProcess[] = [];
let boundary: http.Server;
const ablyPublishes: { url: string; body: string }[] = [];
let alice: UserFixture;
let companyId: string;
const clients: RealtimeTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ realAuth: true });
  const company = await addCompanyWithRoles(t);
  companyId = company.companyId;
  alice = await addUser(t, { company: inCompany(company, 'Employee') });
  boundary = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST') ablyPublishes.push({ url: req.url ?? '', body });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => boundary.listen(0, '127.0.0.1', resolve));
  const env = {
    REALTIME_SESSION_CHECK_MS: '1000',
    ABLY_API_KEY: 'appid.keyid:process-test-secret',
    ABLY_REST_HOST: '127.0.0.1',
    ABLY_REST_PORT: String((boundary.address() as AddressInfo).port),
    ABLY_TLS: '0',
  };
  processes = await Promise.all([0, 1].map(() => startServerProcess({ databaseUrl: t.database.ownerUrl, env })));
}, 90_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all(processes.map((p) => p.stop()));
  await new Promise((resolve) => boundary.close(resolve));
  await t.close();
}, 30_000);

async function socketsOnBoth(channels: string[]): Promise<{ tokens: string[]; sockets: RealtimeTestClient[] }> {
  const tokens = await Promise.all(processes.map((p) => signInAt(p.base, alice.email)));
  const sockets = await Promise.all(
    processes.map((p, i) =>
      RealtimeTestClient.ready(
        p.base,
        tokens[i] ?? '',
        channels.map((channel) => ({ channel })),
      ),
    ),
  );
  clients.push(...sockets);
  return { tokens, sockets };
}

describe('two server processes on one database', () => {
  it('deliver an event published by a committed transaction to the sockets of both within a second', async () => {
    const channel = companyChannel(companyId);
    const { sockets } = await socketsOnBoth([channel]);
    for (let round = 0; round < 3; round++) {
      const committedAt = performance.now();
      const event = await t.database.db
        .transaction()
        .execute((trx) =>
          publish(trx, { channel, event: 'company.changed', invalidates: ['company-settings'], payload: { round }, companyId }),
        );
      const arrivals = await Promise.all(
        sockets.map(async (socket) => {
          await socket.waitFor((m) => m.type === 'event' && m.event.id === event.id, 1000);
          return socket.arrivals[socket.messages.findIndex((m) => m.type === 'event' && m.event.id === event.id)] ?? Infinity;
        }),
      );
      for (const at of arrivals) expect(at - committedAt).toBeLessThan(1000);
    }
    for (const socket of sockets) expect(socket.events(channel)).toHaveLength(3);
  });

  it('deliver an event of an API write through either process to both sockets within a second', async () => {
    const channel = userChannel(alice.id);
    const { tokens, sockets } = await socketsOnBoth([channel]);
    const changes = (s: RealtimeTestClient) => s.events(channel).filter((e) => e.event === 'notifications.changed').length;
    for (const [index, p] of processes.entries()) {
      // Something unread, so that marking all read is a change (notify() itself publishes a `notification` event).
      const notification = await withTenant(t.database.db, companyId, (trx) =>
        notify(trx, { companyId, userId: alice.id, description: `Round ${index}` }),
      );
      for (const s of sockets) {
        const heard = await s.waitFor(
          (m) => m.type === 'event' && m.event.event === NOTIFICATION_EVENT && (m.event.payload as { id: string }).id === notification.id,
          1000,
        );
        expect(heard).toMatchObject({
          event: { payload: { description: `Round ${index}` }, invalidates: expect.arrayContaining(['notifications']) },
        });
      }
      const before = sockets.map(changes);
      const startedAt = performance.now();
      const res = await fetch(`${p.base}/api/notifications/read`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[index]}` },
      });
      expect(res.status).toBe(204);
      await Promise.all(sockets.map((s, i) => until(() => changes(s) === (before[i] ?? 0) + 1, 1000, `the event on socket ${i}`)));
      expect(performance.now() - startedAt).toBeLessThan(1000);
      for (const s of sockets)
        expect(s.events(channel).at(-1)).toMatchObject({ event: 'notifications.changed', invalidates: ['notifications'] });
    }
  });

  it('close a socket on one process within a second of a logout through the other', async () => {
    const tokenOnA = await signInAt(processes[0]?.base ?? '', alice.email);
    const socketOnB = await RealtimeTestClient.ready(processes[1]?.base ?? '', tokenOnA, [{ channel: userChannel(alice.id) }]);
    clients.push(socketOnB);
    const startedAt = performance.now();
    const res = await fetch(`${processes[0]?.base}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${tokenOnA}` } });
    expect(res.status).toBe(204);
    expect(await socketOnB.waitForClose(1500)).toBe(REALTIME_CLOSE.sessionEnded);
    expect(performance.now() - startedAt).toBeLessThan(1000);
  });

  it('publish each event to Ably once, though both processes hear it', async () => {
    const channel = companyChannel(companyId);
    const events: RealtimeEvent[] = [];
    for (let i = 0; i < 10; i++) {
      events.push(
        await t.database.db
          .transaction()
          .execute((trx) => publish(trx, { channel, event: 'ably.once', invalidates: [], payload: { i }, companyId })),
      );
    }
    const path = `/channels/${encodeURIComponent(ABLY_CHANNEL_PREFIX + channel)}/messages`;
    const published = () =>
      ablyPublishes
        .filter((p) => p.url.startsWith(path))
        .flatMap((p) => {
          const body = JSON.parse(p.body) as { id: string } | { id: string }[];
          return (Array.isArray(body) ? body : [body]).map((m) => m.id);
        });
    await until(() => events.every((e) => published().includes(`stafflane-${e.id}`)), 3000, 'every event at Ably');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ours = published().filter((id) => events.some((e) => id === `stafflane-${e.id}`));
    expect(ours.sort()).toEqual(events.map((e) => `stafflane-${e.id}`).sort());
  });
});
