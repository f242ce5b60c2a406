// The built-in realtime socket end to end on one server (the app listening on a port with
// its LISTEN connection, real sign-in, `ws` as the client): the protocol, replay after a
// disconnect, tenant isolation, retention's reset, and sockets closed within a second of
// logout, revocation, a blocked user or the session's end.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { authPaths } from '../../../src/modules/auth/auth.contract';
import { createSession, findTokenAccount } from '../../../src/modules/auth/server/auth.queries';
import { signingKeys } from '../../../src/modules/auth/server/authenticator';
import { claimsFor, signAccessToken } from '../../../src/modules/auth/server/tokens';
import { withSystem } from '../../../src/server/db/database';
import { publish } from '../../../src/server/realtime/publish';
import { cleanUpRealtimeEvents } from '../../../src/server/realtime/realtime-retention';
import { channelsFor, companyChannel, GLOBAL_CHANNEL, REALTIME_CLOSE, REALTIME_PATH, userChannel } from '../../../src/shared/realtime';
import { addCompanyWithRoles, addUser, inCompany, ownerSql, type UserFixture } from '../../support/identity-fixtures';
import { listenApp, RealtimeTestClient, signInAt, until, type ListeningApp } from '../../support/realtime-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let server: ListeningApp;
let companyA: string;
let companyB: string;
let alice: UserFixture;
let bob: UserFixture;
let carol: UserFixture;
const clients: RealtimeTestClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ realAuth: true, env: { RATE_LIMIT_MAX: '1000000', REALTIME_SESSION_CHECK_MS: '300' } });
  server = await listenApp(t.database, t.config);
  const a = await addCompanyWithRoles(t);
  const b = await addCompanyWithRoles(t);
  companyA = a.companyId;
  companyB = b.companyId;
  alice = await addUser(t, { company: inCompany(a, 'Employee') });
  bob = await addUser(t, { company: inCompany(b, 'Employee') });
  carol = await addUser(t, { company: inCompany(a, 'Employee') });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await t.close();
});

async function ready(token: string, channels: { channel: string; last_event_id?: string | null }[]) {
  const client = await RealtimeTestClient.ready(server.base, token, channels);
  clients.push(client);
  return client;
}

async function connect(options: { origin?: string } = {}) {
  const client = await RealtimeTestClient.connect(server.base, options);
  clients.push(client);
  return client;
}

/** Publishes in its own committed transaction, as a module's write would. */
function publishEvent(channel: string, event = 'test.changed', payload: unknown = null) {
  return t.database.db.transaction().execute((trx) => publish(trx, { channel, event, invalidates: ['test-resource'], payload }));
}

const ownChannels = (user: UserFixture) => [{ channel: userChannel(user.id) }, { channel: companyChannel(user.companyId ?? '') }];

describe('the socket protocol', () => {
  it('answers auth with the session’s channels and delivers a committed event within a second', async () => {
    const token = await signInAt(server.base, alice.email);
    const client = await connect();
    client.send({ type: 'auth', token });
    const readyMessage = await client.waitFor((m) => m.type === 'ready');
    expect(readyMessage).toEqual({ type: 'ready', channels: channelsFor({ userId: alice.id, companyId: companyA }) });
    // Before it subscribes, something changes: the client is told the newest id, so it knows to read again.
    const before = await publishEvent(companyChannel(companyA), 'company.changed', { n: 0 });
    client.send({ type: 'subscribe', channel: companyChannel(companyA) });
    const subscribed = await client.waitFor((m) => m.type === 'subscribed');
    expect(subscribed).toEqual({ type: 'subscribed', channel: companyChannel(companyA), last_event_id: before.id });
    const startedAt = performance.now();
    const event = await publishEvent(companyChannel(companyA), 'company.changed', { n: 1 });
    await client.waitFor((m) => m.type === 'event' && m.event.id === event.id, 1000);
    expect(performance.now() - startedAt).toBeLessThan(1000);
    // The earlier event may be heard as well: its NOTIFY can reach the server after the subscription.
    expect(client.events().filter((heard) => heard.id !== before.id)).toEqual([
      { id: event.id, channel: companyChannel(companyA), event: 'company.changed', invalidates: ['test-resource'], payload: { n: 1 } },
    ]);
    client.send({ type: 'ping' });
    await client.waitFor((m) => m.type === 'pong');
  });

  it('refuses an upgrade from another origin with 403, and accepts its own', async () => {
    const refused = new WebSocket(server.base.replace('http', 'ws') + REALTIME_PATH, { origin: 'https://evil.example' });
    const status = await new Promise<number>((resolve) => {
      refused.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      refused.on('open', () => resolve(101));
      refused.on('error', () => undefined);
    });
    expect(status).toBe(403);
    const own = await connect({ origin: server.base });
    expect(own.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('answers a plain GET without an upgrade with 426, not an error', async () => {
    const res = await fetch(server.base + REALTIME_PATH);
    expect(res.status).toBe(426);
  });

  it('closes on a bad token (4401), a subscribe before auth (4401) and a message outside the protocol (4400)', async () => {
    const badToken = await connect();
    badToken.send({ type: 'auth', token: 'not-a-token' });
    expect(await badToken.waitForClose()).toBe(REALTIME_CLOSE.unauthenticated);
    const early = await connect();
    early.send({ type: 'subscribe', channel: GLOBAL_CHANNEL });
    expect(await early.waitForClose()).toBe(REALTIME_CLOSE.unauthenticated);
    const garbage = await connect();
    garbage.socket.send('{"type":"shout"}');
    expect(await garbage.waitForClose()).toBe(REALTIME_CLOSE.badMessage);
  });

  it('accepts a refreshed token of the same session, and closes on a token of another session', async () => {
    const token = await signInAt(server.base, alice.email);
    const client = await ready(token, [{ channel: GLOBAL_CHANNEL }]);
    const refresh = await fetch(`${server.base}${authPaths.refresh}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(refresh.status).toBe(200);
    const refreshed = ((await refresh.json()) as { auth_token: string }).auth_token;
    client.send({ type: 'auth', token: refreshed });
    await until(() => client.messages.filter((m) => m.type === 'ready').length === 2);
    expect(client.closeCode).toBeNull();

    const otherSession = await signInAt(server.base, alice.email);
    client.send({ type: 'auth', token: otherSession });
    expect(await client.waitForClose()).toBe(REALTIME_CLOSE.sessionEnded);
  });

  it('gives an impersonated session the impersonated user’s channels', async () => {
    const administratorId = (await addUser(t, { company: null })).id;
    const sessionId = await createSession(t.database.db, {
      userId: alice.id,
      companyId: companyA,
      impersonatorId: administratorId,
      maxSeconds: 3600,
    });
    const account = await withSystem(t.database.db, (trx) => findTokenAccount(trx, alice.id));
    if (!account) throw new Error('no account');
    const token = await signAccessToken(await signingKeys(t.deps), claimsFor({ account, departmentIds: [], sessionId, imp: true }), 900);
    const client = await connect();
    client.send({ type: 'auth', token });
    expect(await client.waitFor((m) => m.type === 'ready')).toEqual({
      type: 'ready',
      channels: [userChannel(alice.id), companyChannel(companyA), GLOBAL_CHANNEL],
    });
  });
});

describe('the LISTEN connection', () => {
  it('reconnects when lost and delivers what was committed meanwhile', async () => {
    const channel = userChannel(alice.id);
    const client = await ready(await signInAt(server.base, alice.email), [{ channel }]);
    const killed = await ownerSql<{ ok: boolean }>(
      t,
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    expect(killed.length).toBeGreaterThan(0);
    const meanwhile: string[] = [];
    for (let i = 0; i < 5; i++) meanwhile.push((await publishEvent(channel, 'while-down')).id);
    await until(() => meanwhile.every((id) => client.events(channel).some((e) => e.id === id)), 5000, 'the caught-up events');
    expect(client.events(channel).map((e) => e.id)).toEqual(meanwhile);
    const after = await publishEvent(channel, 'after');
    await client.waitFor((m) => m.type === 'event' && m.event.id === after.id, 1000);
  });
});

describe('tenant isolation', () => {
  it('never delivers a company event to another company’s socket, and refuses its subscription', async () => {
    const a = await ready(await signInAt(server.base, alice.email), ownChannels(alice));
    const b = await ready(await signInAt(server.base, bob.email), ownChannels(bob));
    b.send({ type: 'subscribe', channel: companyChannel(companyA) });
    b.send({ type: 'subscribe', channel: userChannel(alice.id) });
    await until(() => b.messages.filter((m) => m.type === 'subscription_error').length === 2);
    expect(b.messages.filter((m) => m.type === 'subscription_error').map((m) => m.type === 'subscription_error' && m.channel)).toEqual([
      companyChannel(companyA),
      userChannel(alice.id),
    ]);

    const forA = await publishEvent(companyChannel(companyA), 'secret.a');
    const forAlice = await publishEvent(userChannel(alice.id), 'secret.alice');
    const forB = await publishEvent(companyChannel(companyB), 'for.b');
    await b.waitFor((m) => m.type === 'event' && m.event.id === forB.id);
    await a.waitFor((m) => m.type === 'event' && m.event.id === forAlice.id);
    // B heard its own event, published after A's: A's events were fanned out before it, and never to B.
    expect(b.events().map((e) => e.id)).toEqual([forB.id]);
    expect(a.events().map((e) => e.id)).toEqual([forA.id, forAlice.id]);
  });
});

describe('replay', () => {
  it('delivers the missed events after a disconnect, in order and once, then live ones', async () => {
    const token = await signInAt(server.base, alice.email);
    const channel = userChannel(alice.id);
    const first = await ready(token, [{ channel }]);
    const seen = await publishEvent(channel, 'before');
    await first.waitFor((m) => m.type === 'event' && m.event.id === seen.id);
    first.close();

    // 1,100 missed (three pages of replay), some on another channel that must not appear.
    const missed: string[] = [];
    for (let i = 0; i < 1100; i++) {
      missed.push((await publishEvent(channel, 'missed', { i })).id);
      if (i % 100 === 0) await publishEvent(companyChannel(companyA), 'elsewhere');
    }
    const second = await connectAndSubscribeWhilePublishing(token, channel, seen.id, 20);
    const ids = second.client.events(channel).map((e) => e.id);
    const everyOne = [...missed, ...second.live];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((x, y) => Number(x) - Number(y))).toEqual(everyOne);
    // Everything replayed comes before `subscribed`, in id order.
    const subscribedAt = second.client.messages.findIndex((m) => m.type === 'subscribed');
    const replayed = second.client.messages.slice(0, subscribedAt).flatMap((m) => (m.type === 'event' ? [m.event.id] : []));
    expect(replayed.slice(0, missed.length)).toEqual(missed);
    expect(replayed).toEqual([...replayed].sort((x, y) => Number(x) - Number(y)));
  }, 60_000);

  it('answers reset for an id older than the retention, or beyond any event, then goes live', async () => {
    const channel = userChannel(alice.id);
    const old = await publishEvent(channel, 'old');
    const kept = await publishEvent(channel, 'kept');
    await ownerSql(t, sql`update realtime_events set created_at = now() - interval '8 days' where id <= ${old.id}::bigint`);
    const cleaned = await cleanUpRealtimeEvents(t.database.db, 7);
    expect(cleaned.deleted).toBeGreaterThan(0);
    expect(cleaned.deletedThrough).toBe(old.id);
    const [watermark] = await ownerSql<{ deleted_through: string }>(t, sql`select deleted_through::text from realtime_watermark`);
    expect(watermark?.deleted_through).toBe(old.id);

    const token = await signInAt(server.base, alice.email);
    const tooOld = await ready(token, [{ channel, last_event_id: String(Number(old.id) - 1) }]);
    expect(tooOld.messages.filter((m) => m.type !== 'ready').map((m) => m.type)).toEqual(['reset', 'subscribed']);
    // Next time from the newest event: a device away for long does not reset at every reconnect.
    expect(tooOld.messages.find((m) => m.type === 'reset')).toEqual({ type: 'reset', channel, last_event_id: kept.id });
    const fromWatermark = await ready(token, [{ channel, last_event_id: old.id }]);
    expect(fromWatermark.events(channel).map((e) => e.id)).toEqual([kept.id]);
    const beyond = await ready(token, [{ channel, last_event_id: String(Number(kept.id) + 1000) }]);
    expect(beyond.messages.filter((m) => m.type !== 'ready').map((m) => m.type)).toEqual(['reset', 'subscribed']);
    expect(beyond.messages.find((m) => m.type === 'reset')).toEqual({ type: 'reset', channel, last_event_id: kept.id });
    const live = await publishEvent(channel, 'live');
    await tooOld.waitFor((m) => m.type === 'event' && m.event.id === live.id, 1000);
  });
});

/** Reconnects with a last event id while `liveCount` events are published on the channel at the same time. */
async function connectAndSubscribeWhilePublishing(token: string, channel: string, lastEventId: string, liveCount: number) {
  const client = await RealtimeTestClient.connect(server.base);
  clients.push(client);
  client.send({ type: 'auth', token });
  await client.waitFor((m) => m.type === 'ready');
  client.send({ type: 'subscribe', channel, last_event_id: lastEventId });
  const live: string[] = [];
  for (let i = 0; i < liveCount; i++) live.push((await publishEvent(channel, 'live', { i })).id);
  await client.waitFor((m) => m.type === 'subscribed', 20_000);
  await until(() => live.every((id) => client.events(channel).some((e) => e.id === id)), 5000, 'the live events');
  return { client, live };
}

describe('session liveness', () => {
  async function timeToClose(user: UserFixture, end: (token: string) => Promise<void>) {
    const token = await signInAt(server.base, user.email);
    const client = await ready(token, [{ channel: userChannel(user.id) }]);
    const startedAt = performance.now();
    await end(token);
    const code = await client.waitForClose(1500);
    return { code, ms: performance.now() - startedAt };
  }

  it('closes the socket within a second of logout', async () => {
    const { code, ms } = await timeToClose(alice, async (token) => {
      const res = await fetch(`${server.base}/api/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(204);
    });
    expect(code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(ms).toBeLessThan(1000);
  });

  it('closes within a second when the user’s sessions are revoked (a password change) or the user is terminated', async () => {
    const revoked = await timeToClose(alice, async () => {
      await ownerSql(t, sql`update sessions set revoked_at = now() where user_id = ${alice.id} and revoked_at is null`);
    });
    expect(revoked.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(revoked.ms).toBeLessThan(1000);

    const terminated = await timeToClose(carol, async () => {
      await ownerSql(t, sql`update users set status = 'terminated' where id = ${carol.id}`);
    });
    expect(terminated.code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(terminated.ms).toBeLessThan(1000);
  });

  it('closes within a second of the session’s own end (expiry found by the periodic check)', async () => {
    const token = await signInAt(server.base, alice.email);
    const client = await ready(token, [{ channel: userChannel(alice.id) }]);
    const [row] = await ownerSql<{ ends: Date }>(
      t,
      sql`update sessions set expires_at = now() + interval '1200 milliseconds' where user_id = ${alice.id} and revoked_at is null returning expires_at as ends`,
    );
    const endsAt = row?.ends.getTime() ?? 0;
    const code = await client.waitForClose(4000);
    expect(code).toBe(REALTIME_CLOSE.sessionEnded);
    expect(Date.now() - endsAt).toBeLessThan(1000);
  });
});
