// The outbox's logic against a real IndexedDB implementation and a fake network: replaying.
import { beforeEach, describe, expect, it } from 'vitest';
import { SW_MESSAGE } from '../src/shared/sw-messages';
import { FIRST_RETRY_MS, SYNCED_KEPT_MS, WAITING_FOR_SIGN_IN } from './outbox';
import { tokenFor, jsonResponse, bodyText, h, resetOutbox, advance, write, send, offline, online, item } from './outbox.test-support';

beforeEach(resetOutbox);

describe('replaying', () => {
  it('sends with the token the pages mirror, never the one captured with the request', async () => {
    offline();
    await send(write({ key: 'k1' }));
    online();
    await h.outbox.replay();
    expect(h.network.received).toHaveLength(0);
    const fresh = tokenFor('user-a', 2);
    await h.outbox.setToken(fresh, 'user-a');
    expect(h.network.received).toHaveLength(1);
    expect(h.network.received[0]?.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(h.network.received[0]?.headers.get('idempotency-key')).toBe('k1');
    expect(h.network.received[0]?.headers.has('x-outbox-resource')).toBe(false);
  });

  it('keeps order per resource and stops a resource at a transient failure', async () => {
    offline();
    for (const [key, resource] of [
      ['c1', 'contact-us'],
      ['c2', 'contact-us'],
      ['a1', 'alerts'],
      ['c3', 'contact-us'],
    ] as const) {
      h.clock += 1;
      await send(write({ key, resource }));
    }
    online((request) => (request.headers.get('idempotency-key') === 'c2' ? new Response('', { status: 500 }) : jsonResponse(201, {})));
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    const keys = h.network.received.map((request) => request.headers.get('idempotency-key'));
    expect(keys).toEqual(expect.arrayContaining(['c1', 'c2', 'a1']));
    expect(keys).not.toContain('c3');
    expect(keys.indexOf('c1')).toBeLessThan(keys.indexOf('c2'));
    expect((await item('user-a', 'c3'))?.state).toBe('waiting');
    expect((await item('user-a', 'a1'))?.state).toBe('synced');
  });

  it('keeps an item after a 401 and sends nothing more until a new token arrives, then uses it', async () => {
    offline();
    await send(write({ key: 'k1' }));
    await send(write({ key: 'k2' }));
    const expired = tokenFor('user-a', 1);
    online((request) => (request.headers.get('authorization') === `Bearer ${expired}` ? jsonResponse(401, {}) : jsonResponse(201, {})));
    await h.outbox.setToken(expired, 'user-a');
    expect(h.network.received).toHaveLength(1);
    expect(await item('user-a', 'k1')).toMatchObject({ state: 'waiting', error: { status: 401, message: WAITING_FOR_SIGN_IN } });
    await h.outbox.replay();
    expect(h.network.received).toHaveLength(1);
    const fresh = tokenFor('user-a', 2);
    await h.outbox.setToken(fresh, 'user-a');
    expect(h.network.received.slice(1).map((request) => request.headers.get('authorization'))).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect((await h.outbox.list('user-a')).map((entry) => entry.state)).toEqual(['synced', 'synced']);
  });

  it('never sends one user’s items with another user’s token', async () => {
    offline();
    await send(write({ key: 'k1', userId: 'user-a' }));
    online();
    await h.outbox.setToken(tokenFor('user-b'), 'user-b');
    await h.outbox.replay();
    expect(h.network.received).toHaveLength(0);
    expect((await item('user-a', 'k1'))?.state).toBe('waiting');
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(h.network.received).toHaveLength(1);
  });

  it('retries a 409 idempotency_in_flight later, but a business 409 needs attention', async () => {
    offline();
    await send(write({ key: 'k1' }));
    await send(write({ key: 'k2', resource: 'alerts', path: '/api/alerts' }));
    let inFlight = true;
    online((request) => {
      if (request.url.endsWith('/alerts')) return jsonResponse(409, { code: 'conflict', message: 'This alert was changed elsewhere.' });
      return inFlight ? jsonResponse(409, { code: 'idempotency_in_flight', message: 'Still processing.' }) : jsonResponse(201, {});
    });
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(await item('user-a', 'k1')).toMatchObject({ state: 'waiting', attempts: 2 });
    expect(await item('user-a', 'k2')).toMatchObject({
      state: 'needs_attention',
      error: { status: 409, message: 'This alert was changed elsewhere.' },
    });
    inFlight = false;
    await advance(FIRST_RETRY_MS * 2);
    expect((await item('user-a', 'k1'))?.state).toBe('synced');
  });

  it('puts a 422 in "needs attention" with the server’s message, and the resource’s later items go on', async () => {
    offline();
    await send(write({ key: 'k1', message: 'too long' }));
    h.clock += 1;
    await send(write({ key: 'k2', message: 'fine' }));
    online((request) =>
      bodyText(request).includes('too long')
        ? jsonResponse(422, {
            code: 'validation',
            message: 'Please check provided details.',
            errors: { message: ['Max length exceeded.'] },
          })
        : jsonResponse(201, {}),
    );
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    const refused = await item('user-a', 'k1');
    expect(refused?.state).toBe('needs_attention');
    expect(refused?.error?.status).toBe(422);
    expect(refused?.error?.message).toContain('Max length exceeded.');
    expect((await item('user-a', 'k2'))?.state).toBe('synced');
    // Left alone by later replays until the user decides.
    await h.outbox.replay();
    expect(h.network.received).toHaveLength(2);
  });

  it('keeps with a refused item its field errors and the form that made it, to be corrected there', async () => {
    offline();
    await send(write({ key: 'k1', message: ' ', headers: { 'x-outbox-form': encodeURIComponent('/expenses/new') } }));
    await send(write({ key: 'k2', headers: { 'x-outbox-form': 'https://elsewhere.test/phish' } }));
    online(() =>
      jsonResponse(422, { code: 'validation', message: 'Please check provided details.', errors: { message: ['Field is required.'] } }),
    );
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    const refused = await item('user-a', 'k1');
    expect(refused).toMatchObject({
      state: 'needs_attention',
      form: '/expenses/new',
      body: { message: ' ' },
      error: { status: 422, fields: { message: ['Field is required.'] } },
    });
    // Only the app's own paths are kept, and the mark is never sent to the server.
    expect((await item('user-a', 'k2'))?.form).toBeUndefined();
    expect(h.network.received.every((request) => !request.headers.has('x-outbox-form'))).toBe(true);
  });

  it('keeps what the button that opens the form says, only with a form to open', async () => {
    offline();
    const opens = encodeURIComponent('Open the current version');
    await send(write({ key: 'k1', headers: { 'x-outbox-form': encodeURIComponent('/document/d1'), 'x-outbox-form-action': opens } }));
    await send(write({ key: 'k2', headers: { 'x-outbox-form-action': opens } }));
    online(() => jsonResponse(409, { code: 'conflict', message: 'This document has changed.' }));
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(await item('user-a', 'k1')).toMatchObject({
      state: 'needs_attention',
      form: '/document/d1',
      formAction: 'Open the current version',
    });
    expect(await item('user-a', 'k2')).not.toHaveProperty('formAction');
    expect(h.network.received.every((request) => !request.headers.has('x-outbox-form-action'))).toBe(true);
  });

  it('sends a "needs attention" item again on Retry, and Discard removes it', async () => {
    offline();
    await send(write({ key: 'k1' }));
    online(() => jsonResponse(422, { message: 'No.' }));
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    await h.outbox.retry('k1');
    expect(h.network.received).toHaveLength(2);
    expect((await item('user-a', 'k1'))?.state).toBe('needs_attention');
    online();
    await h.outbox.retry('k1');
    expect((await item('user-a', 'k1'))?.state).toBe('synced');

    offline();
    await send(write({ key: 'k2' }));
    await h.outbox.discard('k2');
    expect(await item('user-a', 'k2')).toBeUndefined();
    expect(await h.store.get('k2')).toBeUndefined();
  });

  it('backs off after 5xx and h.network errors: 2 s, then doubling, on h.timers while the worker lives', async () => {
    offline();
    await send(write({ key: 'k1' }));
    online(() => new Response('', { status: 500 }));
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(h.network.received).toHaveLength(1);
    const first = await item('user-a', 'k1');
    expect(first).toMatchObject({ state: 'waiting', attempts: 2, error: { status: 500 } });
    expect(Date.parse(first?.nextAttemptAt ?? '')).toBe(h.clock + 2 * FIRST_RETRY_MS);
    // A timer before it is due sends nothing.
    await advance(FIRST_RETRY_MS);
    expect(h.network.received).toHaveLength(1);
    await advance(FIRST_RETRY_MS);
    expect(h.network.received).toHaveLength(2);
    expect(Date.parse((await item('user-a', 'k1'))?.nextAttemptAt ?? '')).toBe(h.clock + 4 * FIRST_RETRY_MS);
    // A page saying it is online does not wait for the backoff.
    online();
    await h.outbox.replay();
    expect((await item('user-a', 'k1'))?.state).toBe('synced');
  });

  it('sends each item once however many triggers arrive together', async () => {
    offline();
    for (let index = 0; index < 5; index++) await send(write({ key: `k${index}` }));
    online();
    await h.store.setToken({ token: tokenFor('user-a'), userId: 'user-a' });
    await Promise.all([h.outbox.replay(), h.outbox.replay(), h.outbox.replay({ force: false }), h.outbox.replay()]);
    expect(h.network.received.map((request) => request.headers.get('idempotency-key')).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
  });

  it('keeps a synced item a day without its body, then forgets it', async () => {
    offline();
    await send(write({ key: 'k1', message: 'special category' }));
    online();
    await h.outbox.setToken(tokenFor('user-a'), 'user-a');
    const synced = await item('user-a', 'k1');
    expect(synced).toMatchObject({ state: 'synced', syncedAt: new Date(h.clock).toISOString() });
    expect(synced?.body).toBeUndefined();
    const stored = await h.store.get('k1');
    expect(stored?.body).toBeNull();
    expect(stored?.headers).toEqual([]);
    expect(h.posted).toContainEqual({ type: SW_MESSAGE.outboxSynced, item: expect.objectContaining({ id: 'k1', resource: 'contact-us' }) });
    h.clock += SYNCED_KEPT_MS - 1;
    expect(await item('user-a', 'k1')).toBeDefined();
    h.clock += 1;
    expect(await item('user-a', 'k1')).toBeUndefined();
    expect(await h.store.get('k1')).toBeUndefined();
  });

  it('tells every page the user’s whole list after a change', async () => {
    offline();
    await send(write({ key: 'k1' }));
    await h.outbox.replay();
    const changed = h.posted.filter((message) => message.type === SW_MESSAGE.outboxChanged);
    expect(changed.at(-1)).toMatchObject({ userId: 'user-a', items: [expect.objectContaining({ id: 'k1', state: 'waiting' })] });
  });
});
