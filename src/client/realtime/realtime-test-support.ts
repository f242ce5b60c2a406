// Test doubles for the realtime tests (not shipped: only *.test.ts import this): a WebSocket
// whose server side the test plays, signed-in tokens, a fetch that answers like the API, and
// a way to let IndexedDB (real timers) and promises finish while the clock is fake.
import { vi } from 'vitest';
import type { Notification } from '../../shared/notifications.contract';
import type { RealtimeServerMessage } from '../../shared/realtime';
import { clearToken } from '../auth/token-store';

export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  closedByClient: number | null = null;

  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send before open');
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = code;
    this.finish(code);
  }

  // ---- The server's side ----
  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  serverSend(message: RealtimeServerMessage): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  serverClose(code: number): void {
    this.finish(code);
  }

  private finish(code: number): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  }
}

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token whose claims the client reads (the signature is the server's business). */
export function tokenFor({ userId = 'u1', companyId = 'c1' as string | null, sid = 's1', version = 1 } = {}): string {
  const claims = { user_id: userId, company_id: companyId, sid, exp: 4_000_000_000, first_name: 'Ann', version };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
}

export type SeenRequest = { method: string; url: URL; authorization: string | null };

/** Answers fetch by path; anything not listed is a 404. Records every request. */
export function stubApi(routes: Record<string, (url: URL) => unknown>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    seen.push({ method: init.method ?? 'GET', url, authorization: headers.get('authorization') });
    const route = routes[url.pathname];
    if (!route) return Promise.resolve(new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 }));
    return Promise.resolve(new Response(JSON.stringify(route(url)), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  return seen;
}

/** Taken before any test fakes the clock (the fake clock here leaves it real anyway). */
const realSetImmediate = (globalThis as unknown as { setImmediate: (callback: () => void) => void }).setImmediate;

/** Lets promises and IndexedDB work (which runs on real setImmediate) finish. */
export async function settle(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await new Promise<void>((resolve) => realSetImmediate(resolve));
}

/** Fake clocks for the connection's timers, leaving setImmediate real for IndexedDB. */
export function useFakeClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** A notification as the server sends it, new and unclicked unless told. */
export function testNotification(id: string, isNew = true): Notification {
  return {
    id,
    is_new: isNew,
    is_clicked: false,
    description: `<p>${id}</p>`,
    created_at: '2026-11-22T07:00:00Z',
    todo: false,
    relates_to: null,
    relates_to_id: null,
  };
}

/** What every realtime test undoes: the connection, the token, the fakes. */
export async function resetRealtimeTest(realtime: { stop: () => void } | null): Promise<void> {
  realtime?.stop();
  clearToken();
  await settle();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
