// The realtime HTTP routes: the transport choice, replay over HTTP (what the Ably client
// uses), Ably token requests checked against an HMAC computed here, Pusher signatures
// likewise, the Ably publish seen at a local stand-in for Ably's REST host, and light
// fuzzing of bodies and queries (never a 5xx).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../../src/app/server/app';
import { publish } from '../../../src/server/realtime/publish';
import { cleanUpRealtimeEvents } from '../../../src/server/realtime/realtime-retention';
import { pusherPaths } from '../../../src/server/realtime/realtime.routes';
import {
  ABLY_CHANNEL_PREFIX,
  channelsFor,
  companyChannel,
  GLOBAL_CHANNEL,
  realtimePaths,
  userChannel,
  type RealtimeReplay,
} from '../../../src/shared/realtime';
import { addCompanyWithRoles, addUser, bearer, inCompany, ownerSql, signIn, type UserFixture } from '../../support/identity-fixtures';
import { listenApp, until, type ListeningApp } from '../../support/realtime-fixtures';
import { createTestApp, testConfig, type TestApp } from '../../support/test-app';

const ABLY_KEY_NAME = 'appid.keyid';
const ABLY_SECRET = 'ably-test-secret';
const PUSHER_KEY = 'pusher-key';
const PUSHER_SECRET = 'pusher-test-secret';

/** A stand-in for Ably's REST host: records every request. */
type Recorded = { method: string; url: string; body: string; authorization: string | undefined };
let boundary: http.Server;
const recorded: Recorded[] = [];

let t: TestApp;
let live: ListeningApp;
let alice: UserFixture;
let bob: UserFixture;
let token: string;

beforeAll(async () => {
  boundary = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', body, authorization: req.headers.authorization });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"channel":"x","messageId":"y"}');
    });
  });
  await new Promise<void>((resolve) => boundary.listen(0, '127.0.0.1', resolve));
  const env = {
    RATE_LIMIT_MAX: '1000000',
    ABLY_API_KEY: `${ABLY_KEY_NAME}:${ABLY_SECRET}`,
    ABLY_REST_HOST: '127.0.0.1',
    ABLY_REST_PORT: String((boundary.address() as AddressInfo).port),
    ABLY_TLS: '0',
    PUSHER_APP_KEY: PUSHER_KEY,
    PUSHER_APP_SECRET: PUSHER_SECRET,
  };
  t = await createTestApp({ realAuth: true, env });
  // The one server here with a LISTEN connection: it forwards events to the stand-in.
  live = await listenApp(t.database, t.config);
  const a = await addCompanyWithRoles(t);
  const b = await addCompanyWithRoles(t);
  alice = await addUser(t, { company: inCompany(a, 'Employee') });
  bob = await addUser(t, { company: inCompany(b, 'Employee') });
  token = await signIn(t, alice);
});
afterAll(async () => {
  await live.close();
  await t.close();
  await new Promise((resolve) => boundary.close(resolve));
});

const get = (url: string, auth = token) => t.app.inject({ method: 'GET', url, headers: bearer(auth) });
const post = (url: string, payload: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as string });

function publishEvent(channel: string, event = 'test.changed') {
  return t.database.db.transaction().execute((trx) => publish(trx, { channel, event, invalidates: ['test-resource'], payload: { event } }));
}

describe('GET /api/realtime/config', () => {
  it('names Ably when ABLY_API_KEY is set, and the socket otherwise', async () => {
    expect((await get(realtimePaths.config)).json()).toEqual({ transport: 'ably' });
    const plain = await buildApp({ config: testConfig(), db: t.database.db, logger: pino({ level: 'silent' }) });
    try {
      const res = await plain.inject({ method: 'GET', url: realtimePaths.config, headers: bearer(token) });
      expect(res.json()).toEqual({ transport: 'socket' });
      const broadcast = await plain.inject({ method: 'POST', url: realtimePaths.broadcastAuth, headers: bearer(token) });
      expect(broadcast.statusCode).toBe(404);
      expect(broadcast.json().message).toMatch(/not configured/);
      const pusher = await plain.inject({
        method: 'POST',
        url: pusherPaths.auth,
        headers: bearer(token),
        payload: { socket_id: '1.2', channel_name: 'private-global' },
      });
      expect(pusher.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
    // Public: a client whose session is ending still gets its answer.
    expect((await t.app.inject({ method: 'GET', url: realtimePaths.config })).json()).toEqual({ transport: 'ably' });
  });
});

describe('GET /api/realtime/events', () => {
  it('returns one channel’s events after an id, oldest first, 500 at most with `more`', async () => {
    const channel = userChannel(alice.id);
    const ids: string[] = [];
    for (let i = 0; i < 503; i++) ids.push((await publishEvent(channel)).id);
    await publishEvent(userChannel(bob.id), 'not-alice');
    const first = (await get(`${realtimePaths.events}?channel=${channel}&after=${ids[0]}`)).json<RealtimeReplay>();
    expect(first.reset).toBe(false);
    expect(first.more).toBe(true);
    expect(first.results.map((e) => e.id)).toEqual(ids.slice(1, 501));
    const rest = (await get(`${realtimePaths.events}?channel=${channel}&after=${ids[500]}`)).json<RealtimeReplay>();
    expect(rest).toMatchObject({ reset: false, more: false });
    expect(rest.results.map((e) => e.id)).toEqual(ids.slice(501));
    expect(rest.results[0]).toMatchObject({
      channel,
      event: 'test.changed',
      invalidates: ['test-resource'],
      payload: { event: 'test.changed' },
    });
  });

  it('refuses another user’s or company’s channel with 403, and a bad query with 422', async () => {
    expect((await get(`${realtimePaths.events}?channel=${userChannel(bob.id)}&after=0`)).statusCode).toBe(403);
    expect((await get(`${realtimePaths.events}?channel=${companyChannel(bob.companyId ?? '')}`)).statusCode).toBe(403);
    const bad = await get(`${realtimePaths.events}?channel=${GLOBAL_CHANNEL}&after=-1`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['after']);
  });

  it('answers reset for an id before the retention’s watermark', async () => {
    const channel = userChannel(alice.id);
    const old = await publishEvent(channel, 'old');
    const kept = await publishEvent(channel, 'kept');
    await ownerSql(t, sql`update realtime_events set created_at = now() - interval '30 days' where id <= ${old.id}::bigint`);
    const cleaned = await cleanUpRealtimeEvents(t.database.db, 7);
    expect(cleaned.deletedThrough).toBe(old.id);
    const before = (await get(`${realtimePaths.events}?channel=${channel}&after=1`)).json<RealtimeReplay>();
    expect(before).toEqual({ results: [], reset: true, more: false, last_event_id: kept.id });
    const from = (await get(`${realtimePaths.events}?channel=${channel}&after=${old.id}`)).json<RealtimeReplay>();
    expect(from.results.map((e) => e.id)).toEqual([kept.id]);
  });
});

describe('POST /api/broadcast/auth', () => {
  it('returns an Ably token request for the caller’s channels only, signed with the key', async () => {
    const res = await post(realtimePaths.broadcastAuth, {});
    expect(res.statusCode).toBe(200);
    const request = res.json<{
      keyName: string;
      clientId: string;
      capability: string;
      ttl: number;
      timestamp: number;
      nonce: string;
      mac: string;
    }>();
    expect(request.keyName).toBe(ABLY_KEY_NAME);
    expect(request.clientId).toBe(alice.id);
    const capability = JSON.parse(request.capability) as Record<string, string[]>;
    expect(Object.keys(capability).sort()).toEqual(
      channelsFor({ userId: alice.id, companyId: alice.companyId })
        .map((c) => ABLY_CHANNEL_PREFIX + c)
        .sort(),
    );
    for (const operations of Object.values(capability)) expect(operations.sort()).toEqual(['history', 'subscribe']);
    // Ably's documented signature of a token request, computed independently.
    const text = [request.keyName, request.ttl, request.capability, request.clientId, request.timestamp, request.nonce, ''].join('\n');
    expect(request.mac).toBe(createHmac('sha256', ABLY_SECRET).update(text).digest('base64'));
    expect(Math.abs(request.timestamp - Date.now())).toBeLessThan(60_000);
  });
});

describe('Ably publishing', () => {
  it('publishes each event once to Ably’s REST host (here a local stand-in), on the prefixed channel', async () => {
    const event = await publishEvent(companyChannel(alice.companyId ?? ''), 'company.changed');
    const path = `/channels/${encodeURIComponent(ABLY_CHANNEL_PREFIX + event.channel)}/messages`;
    await until(() => recorded.some((r) => r.url.startsWith(path)), 3000, 'the Ably publish');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const calls = recorded.filter((r) => r.url.startsWith(path));
    expect(calls).toHaveLength(1);
    const call = calls[0];
    expect(call?.method).toBe('POST');
    expect(call?.authorization).toBe(`Basic ${Buffer.from(`${ABLY_KEY_NAME}:${ABLY_SECRET}`).toString('base64')}`);
    const body = JSON.parse(call?.body ?? '') as
      { id: string; name: string; data: string; encoding?: string } | { id: string; name: string; data: string; encoding?: string }[];
    const message = Array.isArray(body) ? body[0] : body;
    expect(message).toMatchObject({ id: `stafflane-${event.id}`, name: 'company.changed', encoding: 'json' });
    expect(JSON.parse(message?.data ?? '')).toEqual(event);
    const [row] = await ownerSql<{ forwarded: boolean }>(
      t,
      sql`select forwarded_at is not null as forwarded from realtime_events where id = ${event.id}::bigint`,
    );
    expect(row?.forwarded).toBe(true);
  });
});

describe('Pusher protocol', () => {
  const sign = (text: string) => `${PUSHER_KEY}:${createHmac('sha256', PUSHER_SECRET).update(text).digest('hex')}`;

  it('signs a private channel of the caller (JSON or a form), and refuses any other', async () => {
    const channelName = `private-${userChannel(alice.id)}`;
    const json = await post(pusherPaths.auth, { socket_id: '123.456', channel_name: channelName });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ auth: sign(`123.456:${channelName}`) });
    const form = await post(pusherPaths.auth, `socket_id=7.8&channel_name=${encodeURIComponent('private-global')}`, {
      ...bearer(token),
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual({ auth: sign('7.8:private-global') });

    for (const other of [
      `private-${userChannel(bob.id)}`,
      `private-${companyChannel(bob.companyId ?? '')}`,
      userChannel(alice.id),
      'presence-global',
    ]) {
      expect((await post(pusherPaths.auth, { socket_id: '1.2', channel_name: other })).statusCode).toBe(403);
    }
    const malformed = await post(pusherPaths.auth, { socket_id: '1;2', channel_name: channelName });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['socket_id']);
    expect(
      (await t.app.inject({ method: 'POST', url: pusherPaths.auth, payload: { socket_id: '1.2', channel_name: channelName } })).statusCode,
    ).toBe(401);
  });

  it('signs the user for user authentication', async () => {
    const res = await post(pusherPaths.userAuth, { socket_id: '55.66' });
    expect(res.statusCode).toBe(200);
    const userData = JSON.stringify({ id: alice.id });
    expect(res.json()).toEqual({ auth: sign(`55.66::user::${userData}`), user_data: userData });
  });
});

describe('fuzzing', () => {
  const anything = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.string()),
  );

  it('never answers the realtime routes with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(realtimePaths.broadcastAuth, pusherPaths.auth, pusherPaths.userAuth),
        fc.record({ socket_id: anything, channel_name: anything }, { requiredKeys: [] }),
        fc.boolean(),
        async (url, body, asForm) => {
          const res = asForm
            ? await post(
                url,
                new URLSearchParams(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(),
                {
                  ...bearer(token),
                  'content-type': 'application/x-www-form-urlencoded',
                },
              )
            : await post(url, body);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (channel, after) => {
        const res = await get(`${realtimePaths.events}?channel=${encodeURIComponent(channel)}&after=${encodeURIComponent(after)}`);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    const raw = await t.app.inject({
      method: 'GET',
      url: `${realtimePaths.events}?channel[]=a&channel[]=b&after[x]=1`,
      headers: bearer(token),
    });
    expect(raw.statusCode).toBe(422);
  });
});
