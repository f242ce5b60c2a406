// Idempotency claims: what is not stored (anonymous callers, failures), multipart
// bodies, in-flight and stale claims, expiry and the clean-up of expired keys.
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../../src/server/app-deps';
import { deleteExpiredIdempotencyKeys, getIdempotencyKey } from '../../../src/server/plugins/idempotency.queries';
import type { Session } from '../../../src/server/plugins/request-context';
import {
  countIdempotencyKeys,
  expireIdempotencyKey,
  insertIdempotencyKeyRow,
  markIdempotencyKeyInFlight,
} from '../../support/idempotency-keys.queries';
import type { TestApp } from '../../support/test-app';
import type { Widget } from '../../support/widgets.contract';
import { countWidgetsOf, createWidgetsTestApp, sendWithKey, widgetsMember, type KeyedRequest } from '../../support/widgets-api';

const calls = { failure: 0, echo: 0, upload: 0 };
// Routes that only these tests need: one that always fails, one open to anonymous callers.
const probeRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app) => {
  app.post('/api/test-failure', { config: { access: 'authenticated' } }, async () => {
    calls.failure++;
    throw new Error('Simulated failure');
  });
  app.post('/api/test-echo', { config: { access: 'public' } }, async (request) => {
    calls.echo++;
    return { call: calls.echo, body: request.body };
  });
  // Leaves the multipart body unread: only the claim around it matters here.
  app.post('/api/test-upload', { config: { access: 'authenticated' } }, async () => ({ call: ++calls.upload }));
};

let t: TestApp;
beforeAll(async () => {
  t = await createWidgetsTestApp([probeRoutes]);
});
afterAll(async () => t?.close());

const send = (request: KeyedRequest) => sendWithKey(t.app, request);
const widgetCount = (session: Session) => countWidgetsOf(t.app, session);

const multipartBody = (boundary: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;

describe('what is not stored', () => {
  it('ignores the key of anonymous callers and stores nothing for them', async () => {
    const before = await countIdempotencyKeys(t.database.db);
    const start = calls.echo;
    const first = await send({ key: 'anon', url: '/api/test-echo', body: { secret: 'mine' } });
    const second = await send({ key: 'anon', url: '/api/test-echo', body: { secret: 'mine' } });
    expect(first.json()).toMatchObject({ call: start + 1 });
    expect(second.json()).toMatchObject({ call: start + 2 });
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await countIdempotencyKeys(t.database.db)).toBe(before);
  });
});

describe('multipart', () => {
  it('compares uploads by method, path and length, since their boundary changes on every attempt', async () => {
    const user = widgetsMember();
    const upload = (boundary: string, content: string) =>
      send({
        session: user,
        key: 'upload',
        url: '/api/test-upload',
        body: multipartBody(boundary, content),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const first = await upload('boundary-aaaa', 'hello');
    expect(first.statusCode).toBe(200);
    const retry = await upload('boundary-bbbb', 'hello');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(first.body);
    expect((await upload('boundary-cccc', 'hello, world')).statusCode).toBe(422);
    expect(calls.upload).toBe(1);
  });
});

describe('failures and expiry', () => {
  it('leaves no claim after a 5xx, so a retry runs again', async () => {
    const user = widgetsMember();
    const start = calls.failure;
    expect((await send({ session: user, key: 'boom', url: '/api/test-failure', body: {} })).statusCode).toBe(500);
    expect(await countIdempotencyKeys(t.database.db, { userId: user.userId })).toBe(0);
    const retry = await send({ session: user, key: 'boom', url: '/api/test-failure', body: {} });
    expect(retry.statusCode).toBe(500);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(calls.failure).toBe(start + 2);
  });

  it('answers 409 while a fresh claim is in flight, and takes over one older than two minutes', async () => {
    const user = widgetsMember();
    const body = { name: 'Busy', status: 'draft' };
    await send({ session: user, key: 'claimed', body });
    await markIdempotencyKeyInFlight(t.database.db, { userId: user.userId, key: 'claimed', ageSeconds: 100 });
    const busy = await send({ session: user, key: 'claimed', body });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'idempotency_in_flight' });

    // Its request died without an outcome: a retry runs again and is recorded.
    await markIdempotencyKeyInFlight(t.database.db, { userId: user.userId, key: 'claimed', ageSeconds: 121 });
    const taken = await send({ session: user, key: 'claimed', body });
    expect(taken.statusCode).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(await getIdempotencyKey(t.database.db, { userId: user.userId, key: 'claimed' })).toMatchObject({
      state: 'done',
      body: taken.body,
    });
  });

  it('treats an expired key as absent: the request runs again', async () => {
    const user = widgetsMember();
    const body = { name: 'Old', status: 'draft' };
    const first = await send({ session: user, key: 'old', body });
    await expireIdempotencyKey(t.database.db, { userId: user.userId, key: 'old' });
    const again = await send({ session: user, key: 'old', body });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json<Widget>().id).not.toBe(first.json<Widget>().id);
    expect(await widgetCount(user)).toBe(2);
  });

  it('deletes expired keys and keeps live ones', async () => {
    const user = widgetsMember();
    await insertIdempotencyKeyRow(t.database.db, {
      userId: user.userId,
      key: 'expired',
      state: 'done',
      ageSeconds: 31 * 86400,
      expiresInSeconds: -86400,
    });
    await insertIdempotencyKeyRow(t.database.db, {
      userId: user.userId,
      key: 'live',
      state: 'done',
      ageSeconds: 60,
      expiresInSeconds: 86400,
    });
    expect(await deleteExpiredIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await countIdempotencyKeys(t.database.db, { userId: user.userId })).toBe(1);
    expect(await getIdempotencyKey(t.database.db, { userId: user.userId, key: 'live' })).toMatchObject({ state: 'done', status: 201 });
  });
});
