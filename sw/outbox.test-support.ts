// What the outbox tests share: a real IndexedDB implementation (fake-indexeddb), a fake
// network that records what the server would receive, a clock and timers the test moves.
import { IDBFactory } from 'fake-indexeddb';
import type { OutboxItemSummary, SwMessage } from '../src/shared/sw-messages';
import { createOutbox, type Outbox } from './outbox';
import { createOutboxStore, type OutboxStore } from './outbox-store';

export const ORIGIN = 'https://app.test';
export const START = Date.parse('2025-03-03T09:00:00Z');

export function tokenFor(userId: string, version = 1): string {
  const payload = btoa(JSON.stringify({ user_id: userId, v: version }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  return `header.${payload}.signature`;
}

export type Received = { url: string; method: string; headers: Headers; body: Uint8Array<ArrayBuffer> };
export type Answer = Response | 'network-error';

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server as the worker sees it: `answer` decides each response; `received` is what arrived. */
export function fakeNetwork() {
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

export const bodyText = (received: Received) => new TextDecoder().decode(received.body);

/** The state of one test: reset by `resetOutbox` before each. */
export const h = {
  store: undefined as unknown as OutboxStore,
  network: undefined as unknown as ReturnType<typeof fakeNetwork>,
  clock: 0,
  timers: [] as Array<{ callback: () => void; at: number }>,
  posted: [] as SwMessage[],
  outbox: undefined as unknown as Outbox,
  ids: 0,
};

export function resetOutbox(): void {
  h.store = createOutboxStore({ indexedDB: new IDBFactory() });
  h.network = fakeNetwork();
  h.clock = START;
  h.timers = [];
  h.posted = [];
  h.ids = 0;
  h.outbox = createOutbox({
    store: h.store,
    fetch: (input, init) => h.network.fetch(input, init),
    now: () => h.clock,
    setTimer: (callback, ms) => {
      const timer = { callback, at: h.clock + ms };
      h.timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      h.timers = h.timers.filter((entry) => entry !== timer);
    },
    postToPages: (message) => void h.posted.push(message),
    registerSync: async () => undefined,
    newId: () => `generated-${++h.ids}`,
    origin: ORIGIN,
  });
}

/** Moves the clock and fires the timers that fall due, waiting for the replays they start. */
export async function advance(ms: number): Promise<void> {
  h.clock += ms;
  const due = h.timers.filter((timer) => timer.at <= h.clock);
  h.timers = h.timers.filter((timer) => timer.at > h.clock);
  for (const timer of due) timer.callback();
  await h.outbox.replay({ force: false });
}

export function write(options: {
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

export async function send(request: Request): Promise<Response> {
  const response = h.outbox.handleFetch(request);
  if (!response) throw new Error('The h.outbox did not take this request.');
  return response;
}

export function offline() {
  h.network.answer = () => 'network-error';
}

export function online(answer: (request: Received) => Answer = () => jsonResponse(201, { ok: true })) {
  h.network.answer = answer;
}

export async function item(userId: string, id: string): Promise<OutboxItemSummary | undefined> {
  return (await h.outbox.list(userId)).find((entry) => entry.id === id);
}
