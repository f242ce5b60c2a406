// The outbox's logic against a real IndexedDB implementation (fake-indexeddb) and a fake
// network that records what the server would receive.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { SW_MESSAGE, type OutboxItemSummary, type SwMessage } from '../src/shared/sw-messages';
import { createOutbox, FIRST_RETRY_MS, SYNCED_KEPT_MS, WAITING_FOR_SIGN_IN, type Outbox } from './outbox';
import { createOutboxStore, type OutboxStore } from './outbox-store';

const ORIGIN = 'https://app.test';
const START = Date.parse('2025-03-03T09:00:00Z');

function tokenFor(userId: string, version = 1): string {
  const payload = btoa(JSON.stringify({ user_id: userId, v: version }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

type Received = { url: string; method: string; headers: Headers; body: Uint8Array<ArrayBuffer> };
type Answer = Response | 'network-error';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server as the worker sees it: `answer` decides each response; `received` is what arrived. */
function fakeNetwork() {
  const network = {
    received: [] as Received[],
    answer: (_request: Received): Answer => jsonResponse(201, { ok: true }),
    async fetch(input: string | Request, init?: RequestInit): Promise<Response> {
      const request = input instanceof Request ? input : new Request(input, init);
      const received = {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: new Uint8Array(await request.arrayBuffer()),
      };
      const answer = network.answer(received);
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      network.received.push(received);
      return answer;
    },
  };
  return network;
}

const bodyText = (received: Received) => new TextDecoder().decode(received.body);

let store: OutboxStore;
let network: ReturnType<typeof fakeNetwork>;
let clock: number;
let timers: Array<{ callback: () => void; at: number }>;
let posted: SwMessage[];
let outbox: Outbox;
let ids: number;

beforeEach(() => {
  store = createOutboxStore({ indexedDB: new IDBFactory() });
  network = fakeNetwork();
  clock = START;
  timers = [];
  posted = [];
  ids = 0;
  outbox = createOutbox({
    store,
    fetch: (input, init) => network.fetch(input, init),
    now: () => clock,
    setTimer: (callback, ms) => {
      const timer = { callback, at: clock + ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      timers = timers.filter((entry) => entry !== timer);
    },
    postToPages: (message) => void posted.push(message),
    registerSync: async () => undefined,
    newId: () => `generated-${++ids}`,
    origin: ORIGIN,
  });
});

/** Moves the clock and fires the timers that fall due, waiting for the replays they start. */
async function advance(ms: number): Promise<void> {
  clock += ms;
  const due = timers.filter((timer) => timer.at <= clock);
  timers = timers.filter((timer) => timer.at > clock);
  for (const timer of due) timer.callback();
  await outbox.replay({ force: false });
}

function write(options: {
  message?: string;
  key?: string;
  userId?: string;
  resource?: string;
  path?: string;
  method?: string;
  label?: string;
  body?: BodyInit;
  headers?: Record<string, string>;
}): Request {
  const headers = new Headers({
    authorization: `Bearer ${tokenFor(options.userId ?? 'user-a')}`,
    'x-outbox-resource': options.resource ?? 'contact-us',
    'x-outbox-label': encodeURIComponent(options.label ?? 'Message to support — urgent'),
    ...options.headers,
  });
  if (options.key !== undefined) headers.set('idempotency-key', options.key);
  let body = options.body;
  if (body === undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify({ message: options.message ?? 'hello' });
  }
  return new Request(`${ORIGIN}${options.path ?? '/api/contact-us'}`, { method: options.method ?? 'POST', headers, body });
}

async function send(request: Request): Promise<Response> {
  const response = outbox.handleFetch(request);
  if (!response) throw new Error('The outbox did not take this request.');
  return response;
}

function offline() {
  network.answer = () => 'network-error';
}

function online(answer: (request: Received) => Answer = () => jsonResponse(201, { ok: true })) {
  network.answer = answer;
}

async function item(userId: string, id: string): Promise<OutboxItemSummary | undefined> {
  return (await outbox.list(userId)).find((entry) => entry.id === id);
}

describe('taking writes', () => {
  it('stores a write the network cannot carry and answers 202 with its key', async () => {
    offline();
    const response = await send(write({ key: 'k1', message: 'first' }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ queued: true, idempotency_key: 'k1' });
    const [queued] = await outbox.list('user-a');
    expect(queued).toMatchObject({
      id: 'k1',
      state: 'waiting',
      resource: 'contact-us',
      label: 'Message to support — urgent',
      method: 'POST',
      url: '/api/contact-us',
      body: { message: 'first' },
      createdAt: new Date(START).toISOString(),
    });
    const stored = await store.get('k1');
    expect(stored?.headers.map(([name]) => name)).not.toContain('authorization');
    expect(JSON.stringify(stored)).not.toContain(tokenFor('user-a'));
  });

  it('gives the page what the server answered, and keeps nothing, when the network works', async () => {
    online(() => jsonResponse(422, { code: 'validation', message: 'Please check provided details.' }));
    const refused = await send(write({ key: 'k1' }));
    expect(refused.status).toBe(422);
    online();
    expect((await send(write({ key: 'k2' }))).status).toBe(201);
    expect(await outbox.list('user-a')).toEqual([]);
  });

  it('queues when a gateway answers for a server that is away', async () => {
    online(() => new Response('', { status: 503 }));
    expect((await send(write({ key: 'k1' }))).status).toBe(202);
    expect((await item('user-a', 'k1'))?.state).toBe('waiting');
  });

  it('leaves reads, other origins and unmarked writes alone', () => {
    expect(outbox.handleFetch(new Request(`${ORIGIN}/api/contact-us`))).toBeNull();
    const unmarked = new Request(`${ORIGIN}/api/contact-us`, { method: 'POST', body: '{}' });
    expect(outbox.handleFetch(unmarked)).toBeNull();
    const elsewhere = new Request('https://other.test/api/contact-us', { method: 'POST', headers: { 'x-outbox-resource': 'x' } });
    expect(outbox.handleFetch(elsewhere)).toBeNull();
  });

  it('gives a write without an Idempotency-Key one, used by the first attempt and the replay alike', async () => {
    online(() => 'network-error');
    const response = await send(write({}));
    const { idempotency_key } = (await response.json()) as { idempotency_key: string };
    expect(idempotency_key).toBe('generated-1');
    online();
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(network.received[0]?.headers.get('idempotency-key')).toBe('generated-1');
  });

  it('queues a write behind the same resource’s waiting ones, even when the network is back', async () => {
    offline();
    await send(write({ key: 'a1', message: 'one' }));
    online();
    expect((await send(write({ key: 'a2', message: 'two' }))).status).toBe(202);
    expect(network.received).toHaveLength(0);
    // Another resource does not wait.
    expect((await send(write({ key: 'b1', resource: 'alerts', path: '/api/alerts' }))).status).toBe(201);
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(network.received.filter((request) => request.url.endsWith('/contact-us')).map(bodyText)).toEqual([
      '{"message":"one"}',
      '{"message":"two"}',
    ]);
  });
});

describe('replaying', () => {
  it('sends with the token the pages mirror, never the one captured with the request', async () => {
    offline();
    await send(write({ key: 'k1' }));
    online();
    await outbox.replay();
    expect(network.received).toHaveLength(0);
    const fresh = tokenFor('user-a', 2);
    await outbox.setToken(fresh, 'user-a');
    expect(network.received).toHaveLength(1);
    expect(network.received[0]?.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    expect(network.received[0]?.headers.get('idempotency-key')).toBe('k1');
    expect(network.received[0]?.headers.has('x-outbox-resource')).toBe(false);
  });

  it('keeps order per resource and stops a resource at a transient failure', async () => {
    offline();
    for (const [key, resource] of [
      ['c1', 'contact-us'],
      ['c2', 'contact-us'],
      ['a1', 'alerts'],
      ['c3', 'contact-us'],
    ] as const) {
      clock += 1;
      await send(write({ key, resource }));
    }
    online((request) => (request.headers.get('idempotency-key') === 'c2' ? new Response('', { status: 500 }) : jsonResponse(201, {})));
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    const keys = network.received.map((request) => request.headers.get('idempotency-key'));
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
    await outbox.setToken(expired, 'user-a');
    expect(network.received).toHaveLength(1);
    expect(await item('user-a', 'k1')).toMatchObject({ state: 'waiting', error: { status: 401, message: WAITING_FOR_SIGN_IN } });
    await outbox.replay();
    expect(network.received).toHaveLength(1);
    const fresh = tokenFor('user-a', 2);
    await outbox.setToken(fresh, 'user-a');
    expect(network.received.slice(1).map((request) => request.headers.get('authorization'))).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
    expect((await outbox.list('user-a')).map((entry) => entry.state)).toEqual(['synced', 'synced']);
  });

  it('never sends one user’s items with another user’s token', async () => {
    offline();
    await send(write({ key: 'k1', userId: 'user-a' }));
    online();
    await outbox.setToken(tokenFor('user-b'), 'user-b');
    await outbox.replay();
    expect(network.received).toHaveLength(0);
    expect((await item('user-a', 'k1'))?.state).toBe('waiting');
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(network.received).toHaveLength(1);
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
    await outbox.setToken(tokenFor('user-a'), 'user-a');
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
    clock += 1;
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
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    const refused = await item('user-a', 'k1');
    expect(refused?.state).toBe('needs_attention');
    expect(refused?.error?.status).toBe(422);
    expect(refused?.error?.message).toContain('Max length exceeded.');
    expect((await item('user-a', 'k2'))?.state).toBe('synced');
    // Left alone by later replays until the user decides.
    await outbox.replay();
    expect(network.received).toHaveLength(2);
  });

  it('sends a "needs attention" item again on Retry, and Discard removes it', async () => {
    offline();
    await send(write({ key: 'k1' }));
    online(() => jsonResponse(422, { message: 'No.' }));
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    await outbox.retry('k1');
    expect(network.received).toHaveLength(2);
    expect((await item('user-a', 'k1'))?.state).toBe('needs_attention');
    online();
    await outbox.retry('k1');
    expect((await item('user-a', 'k1'))?.state).toBe('synced');

    offline();
    await send(write({ key: 'k2' }));
    await outbox.discard('k2');
    expect(await item('user-a', 'k2')).toBeUndefined();
    expect(await store.get('k2')).toBeUndefined();
  });

  it('backs off after 5xx and network errors: 2 s, then doubling, on timers while the worker lives', async () => {
    offline();
    await send(write({ key: 'k1' }));
    online(() => new Response('', { status: 500 }));
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    expect(network.received).toHaveLength(1);
    const first = await item('user-a', 'k1');
    expect(first).toMatchObject({ state: 'waiting', attempts: 2, error: { status: 500 } });
    expect(Date.parse(first?.nextAttemptAt ?? '')).toBe(clock + 2 * FIRST_RETRY_MS);
    // A timer before it is due sends nothing.
    await advance(FIRST_RETRY_MS);
    expect(network.received).toHaveLength(1);
    await advance(FIRST_RETRY_MS);
    expect(network.received).toHaveLength(2);
    expect(Date.parse((await item('user-a', 'k1'))?.nextAttemptAt ?? '')).toBe(clock + 4 * FIRST_RETRY_MS);
    // A page saying it is online does not wait for the backoff.
    online();
    await outbox.replay();
    expect((await item('user-a', 'k1'))?.state).toBe('synced');
  });

  it('sends each item once however many triggers arrive together', async () => {
    offline();
    for (let index = 0; index < 5; index++) await send(write({ key: `k${index}` }));
    online();
    await store.setToken({ token: tokenFor('user-a'), userId: 'user-a' });
    await Promise.all([outbox.replay(), outbox.replay(), outbox.replay({ force: false }), outbox.replay()]);
    expect(network.received.map((request) => request.headers.get('idempotency-key')).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4']);
  });

  it('keeps a synced item a day without its body, then forgets it', async () => {
    offline();
    await send(write({ key: 'k1', message: 'special category' }));
    online();
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    const synced = await item('user-a', 'k1');
    expect(synced).toMatchObject({ state: 'synced', syncedAt: new Date(clock).toISOString() });
    expect(synced?.body).toBeUndefined();
    const stored = await store.get('k1');
    expect(stored?.body).toBeNull();
    expect(stored?.headers).toEqual([]);
    expect(posted).toContainEqual({ type: SW_MESSAGE.outboxSynced, item: expect.objectContaining({ id: 'k1', resource: 'contact-us' }) });
    clock += SYNCED_KEPT_MS - 1;
    expect(await item('user-a', 'k1')).toBeDefined();
    clock += 1;
    expect(await item('user-a', 'k1')).toBeUndefined();
    expect(await store.get('k1')).toBeUndefined();
  });

  it('tells every page the user’s whole list after a change', async () => {
    offline();
    await send(write({ key: 'k1' }));
    await outbox.replay();
    const changed = posted.filter((message) => message.type === SW_MESSAGE.outboxChanged);
    expect(changed.at(-1)).toMatchObject({ userId: 'user-a', items: [expect.objectContaining({ id: 'k1', state: 'waiting' })] });
  });
});

describe('logout', () => {
  it('erases the user’s items and the mirrored token, and nobody else’s', async () => {
    offline();
    await send(write({ key: 'a1', userId: 'user-a' }));
    await send(write({ key: 'b1', userId: 'user-b' }));
    await outbox.setToken(tokenFor('user-a'), 'user-a');
    await outbox.clearUser('user-a');
    expect(await outbox.list('user-a')).toEqual([]);
    expect(await store.get('a1')).toBeUndefined();
    expect(await store.getToken()).toBeNull();
    expect((await outbox.list('user-b')).map((entry) => entry.id)).toEqual(['b1']);
    expect(posted.at(-1)).toEqual({ type: SW_MESSAGE.outboxChanged, userId: 'user-a', items: [] });
  });
});

describe('files', () => {
  it('replays a multipart upload byte for byte', async () => {
    const bytes = new Uint8Array(4096);
    for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7 + 3) % 256;
    // Written out by hand: jsdom's File does not serialise through Node's FormData.
    const boundary = '----stafflane-test-boundary';
    const encoder = new TextEncoder();
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="is_public"\r\n\r\nfalse\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
    const sent = new Uint8Array([...head, ...bytes, ...tail]);
    const contentType = `multipart/form-data; boundary=${boundary}`;
    const request = write({
      key: 'f1',
      resource: 'users',
      path: '/api/user-profile-image/user-a',
      body: sent.slice(),
      headers: { 'content-type': contentType },
    });

    offline();
    expect((await send(request)).status).toBe(202);
    expect((await item('user-a', 'f1'))?.body).toBeUndefined();
    online();
    await outbox.setToken(tokenFor('user-a'), 'user-a');

    const [received] = network.received;
    expect(received?.headers.get('content-type')).toBe(contentType);
    expect(received?.body).toEqual(sent);
    const parsed = await new Response(received?.body, { headers: { 'content-type': contentType } }).formData();
    const file = parsed.get('file') as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(file.name).toBe('me.png');
  });
});
