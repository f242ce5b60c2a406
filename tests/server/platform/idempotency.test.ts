// Idempotent writes: stored first responses per (user, key), replays, claims
// under concurrency, mismatched bodies and keys. Failures and expiry: idempotency-claims.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIdempotencyKey } from '../../../src/server/plugins/idempotency.queries';
import type { Session } from '../../../src/server/plugins/request-context';
import { countIdempotencyKeys } from '../../support/idempotency-keys.queries';
import { authHeader, type TestApp } from '../../support/test-app';
import type { Widget } from '../../support/widgets.contract';
import { countWidgetsOf, createWidgetsTestApp, sendWithKey, widgetsMember, type KeyedRequest } from '../../support/widgets-api';

let t: TestApp;
beforeAll(async () => {
  t = await createWidgetsTestApp();
});
afterAll(async () => t?.close());

const send = (request: KeyedRequest) => sendWithKey(t.app, request);
const widgetCount = (session: Session) => countWidgetsOf(t.app, session);

describe('replay', () => {
  it('answers a repeat with the stored status and body, marked as replayed, without running it again', async () => {
    const user = widgetsMember();
    const key = randomUUID();
    const first = await send({ session: user, key, body: { name: 'Kettle', status: 'draft' } });
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send({ session: user, key, body: { name: 'Kettle', status: 'draft' } });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await widgetCount(user)).toBe(1);
  });

  it('replays updates and deletes too, a delete as its 204 rather than a 404', async () => {
    const user = widgetsMember();
    const widget = (await send({ session: user, body: { name: 'Toaster', status: 'draft' } })).json<Widget>();
    const url = `/api/widgets/${widget.id}`;
    const put = await send({ session: user, key: 'put-1', method: 'PUT', url, body: { name: 'Toaster 2', status: 'active' } });
    expect(put.statusCode).toBe(200);
    await send({ session: user, method: 'PUT', url, body: { name: 'Changed since', status: 'draft' } });
    const putAgain = await send({ session: user, key: 'put-1', method: 'PUT', url, body: { name: 'Toaster 2', status: 'active' } });
    expect(putAgain.json()).toMatchObject({ name: 'Toaster 2' });
    expect(putAgain.headers['idempotent-replayed']).toBe('true');

    expect((await send({ session: user, key: 'delete-1', method: 'DELETE', url })).statusCode).toBe(204);
    const deleteAgain = await send({ session: user, key: 'delete-1', method: 'DELETE', url });
    expect(deleteAgain.statusCode).toBe(204);
    expect(deleteAgain.body).toBe('');
    expect(deleteAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('stores a refusal that a retry would get again (422) and replays it', async () => {
    const user = widgetsMember();
    const first = await send({ session: user, key: 'bad', body: { name: '', status: 'draft' } });
    expect(first.statusCode).toBe(422);
    const again = await send({ session: user, key: 'bad', body: { name: '', status: 'draft' } });
    expect(again.statusCode).toBe(422);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('does not store a passing conflict (409): the claim is released', async () => {
    const user = widgetsMember();
    const id = randomUUID();
    await send({ session: user, body: { id, name: 'Taken', status: 'draft' } });
    const res = await send({ session: user, key: 'conflict', body: { id, name: 'Taken', status: 'draft' } });
    expect(res.statusCode).toBe(409);
    expect(await getIdempotencyKey(t.database.db, { userId: user.userId, key: 'conflict' })).toBeUndefined();
  });

  it('ignores the key on reads', async () => {
    const user = widgetsMember();
    await send({ session: user, key: 'read', method: 'GET', url: '/api/widgets' });
    expect(await countIdempotencyKeys(t.database.db, { userId: user.userId })).toBe(0);
  });
});

describe('concurrency', () => {
  it('lets 100 parallel requests with one key create exactly one record', async () => {
    const user = widgetsMember();
    const key = randomUUID();
    const body = { name: 'Parallel', status: 'active' };
    const answers = await Promise.all(Array.from({ length: 100 }, () => send({ session: user, key, body })));
    expect(await widgetCount(user)).toBe(1);

    const created = answers.filter((res) => res.statusCode === 201);
    const originals = created.filter((res) => res.headers['idempotent-replayed'] === undefined);
    expect(originals).toHaveLength(1);
    for (const res of created) expect(res.body).toBe(originals[0]!.body);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'idempotency_in_flight',
        message: 'This request is still being processed. Please retry shortly.',
      });
    }
    const stored = await getIdempotencyKey(t.database.db, { userId: user.userId, key });
    expect(stored).toMatchObject({ state: 'done', status: 201, body: originals[0]!.body });
  });

  it('treats a percent-encoded path as the same route: 20 parallel sends through both spellings make one record', async () => {
    const user = widgetsMember();
    const key = randomUUID();
    const body = { name: 'Spelt twice', status: 'active' };
    const urls = ['/api/widgets', '/%61pi/widgets', '/%61%70%69/widgets', '/api/widget%73'];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send({ session: user, key, body, url: urls[i % urls.length] })));
    expect(await widgetCount(user)).toBe(1);
    expect(answers.filter((res) => res.statusCode === 201 && res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    for (const res of answers) expect([201, 409]).toContain(res.statusCode);

    for (const url of urls) {
      const again = await send({ session: user, key, body, url });
      expect(again.statusCode, url).toBe(201);
      expect(again.headers['idempotent-replayed'], url).toBe('true');
    }
    expect(await widgetCount(user)).toBe(1);
  });
});

describe('keys', () => {
  it('answers the same key with a different body, or another path, with 422 and runs nothing', async () => {
    const user = widgetsMember();
    await send({ session: user, key: 'k', body: { name: 'First', status: 'draft' } });
    const other = await send({ session: user, key: 'k', body: { name: 'Second', status: 'draft' } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      code: 'validation',
      message: 'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
    });
    const otherPath = await send({ session: user, key: 'k', url: '/api/widgets/validate', body: { name: 'First', status: 'draft' } });
    expect(otherPath.statusCode).toBe(422);
    expect(await widgetCount(user)).toBe(1);
  });

  it('keeps each user’s keys apart', async () => {
    const company = randomUUID();
    const [ann, bob] = [widgetsMember(company), widgetsMember(company)];
    const a = await send({ session: ann, key: 'shared', body: { name: 'Ann’s', status: 'draft' } });
    const b = await send({ session: bob, key: 'shared', body: { name: 'Bob’s', status: 'draft' } });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json<Widget>().id).not.toBe(a.json<Widget>().id);
    expect(await widgetCount(ann)).toBe(2);
  });

  it('refuses a key that is empty, too long or not printable with 400', async () => {
    const user = widgetsMember();
    for (const key of ['', 'x'.repeat(201), 'tab\there']) {
      const res = await send({ session: user, key, body: { name: 'Nope', status: 'draft' } });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ code: 'badRequest', message: 'The Idempotency-Key header must be 1 to 200 printable characters.' });
    }
    expect((await send({ session: user, key: 'x'.repeat(200), body: { name: 'Yes', status: 'draft' } })).statusCode).toBe(201);
    expect(await widgetCount(user)).toBe(1);
  });

  it('keeps the JSON parser’s own refusals and stores nothing for them', async () => {
    const user = widgetsMember();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/widgets',
      headers: { ...authHeader(user), 'idempotency-key': 'broken', 'content-type': 'application/json; charset=utf-8' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'badRequest', message: 'The request body is not valid JSON.' });
    expect(await countIdempotencyKeys(t.database.db, { userId: user.userId })).toBe(0);
  });
});
