import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, set } from 'idb-keyval';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationsPage } from '../../shared/notifications.contract';
import { realtimePaths, type RealtimeEvent, type RealtimeReplay } from '../../shared/realtime';
import { clearToken, setToken } from '../auth/token-store';
import { startRealtime, type Realtime } from './realtime-connection';
import { getRealtimeStatus } from './realtime-status';
import { FakeWebSocket, resetRealtimeTest, settle, testNotification, tokenFor, useFakeClock } from './realtime-test-support';

// The `ably` library at its boundary: what the transport calls, and the events Ably would emit.
const fakeAbly = vi.hoisted(() => {
  type Listener = (value: unknown) => void;
  class FakeChannel {
    readonly stateListeners = new Map<string, Listener[]>();
    messageListener: Listener | null = null;
    constructor(readonly name: string) {}
    on(event: string, listener: Listener): void {
      this.stateListeners.set(event, [...(this.stateListeners.get(event) ?? []), listener]);
    }
    subscribe(listener: Listener): Promise<null> {
      this.messageListener = listener;
      return Promise.resolve(null);
    }
    emit(event: string, change: Record<string, unknown> = {}): void {
      for (const listener of this.stateListeners.get(event) ?? []) listener({ current: event, resumed: false, ...change });
    }
    deliver(data: unknown): void {
      this.messageListener?.({ name: 'event', data });
    }
  }
  class FakeRealtime {
    static instances: FakeRealtime[] = [];
    readonly channelsByName = new Map<string, FakeChannel>();
    readonly connectionListeners: Listener[] = [];
    closed = false;
    readonly connection = { on: (listener: Listener) => void this.connectionListeners.push(listener) };
    readonly channels = {
      get: (name: string) => {
        const channel = this.channelsByName.get(name) ?? new FakeChannel(name);
        this.channelsByName.set(name, channel);
        return channel;
      },
    };
    constructor(readonly options: { authCallback: (params: unknown, callback: (error: unknown, token: unknown) => void) => void }) {
      FakeRealtime.instances.push(this);
    }
    close(): void {
      this.closed = true;
    }
    setState(current: string, reason?: { message: string }): void {
      for (const listener of this.connectionListeners) listener({ current, reason });
    }
    channel(name: string): FakeChannel {
      const channel = this.channelsByName.get(name);
      if (!channel) throw new Error(`not subscribed to ${name}`);
      return channel;
    }
  }
  return { FakeRealtime };
});
vi.mock('ably', () => ({ Realtime: fakeAbly.FakeRealtime }));
const { FakeRealtime } = fakeAbly;

const ids = createStore('stafflane-realtime', 'last-event-ids');
const TOKEN_REQUEST = {
  keyName: 'app.key',
  ttl: 3_600_000,
  capability: '{"stafflane:user-u1":["subscribe"]}',
  timestamp: 1,
  nonce: 'n',
  mac: 'm',
};

type Seen = { method: string; url: URL; authorization: string | null };
let seen: Seen[];
/** Replies of the events endpoint, in order; each waits for its gate when it has one. */
let replays: Array<{ reply: RealtimeReplay; gate?: Promise<void> }>;
let configReply: () => Response;
let authReply: () => Response;
let realtime: Realtime | null;
let queryClient: QueryClient;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function notificationEvent(id: string, channel = 'user-u1'): RealtimeEvent {
  const payload = testNotification(`n-${id}`);

  return { id, channel, event: 'notification', invalidates: ['notifications'], payload };
}

const bellIds = () => queryClient.getQueryData<NotificationsPage>(['notifications', 'page', 1])?.results.map((listed) => listed.id);
const eventRequests = () => seen.filter((request) => request.url.pathname === realtimePaths.events).map((request) => request.url.search);

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

async function started(): Promise<InstanceType<typeof FakeRealtime>> {
  setToken(tokenFor());
  realtime = startRealtime({ queryClient });
  await advance(1_000);
  const client = FakeRealtime.instances.at(-1);
  if (!client) throw new Error('Ably was not started');
  return client;
}

// The manager loads the transport lazily; loaded once here so no test waits on the bundler.
beforeAll(async () => {
  await import('./ably-transport');
});

beforeEach(() => {
  useFakeClock();
  FakeRealtime.instances = [];
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  seen = [];
  replays = [];
  configReply = () => json({ transport: 'ably' });
  authReply = () => json(TOKEN_REQUEST);
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input);
    seen.push({ method: init.method ?? 'GET', url, authorization: new Headers(init.headers).get('authorization') });
    if (url.pathname === realtimePaths.config) return configReply();
    if (url.pathname === realtimePaths.broadcastAuth) return authReply();
    if (url.pathname === realtimePaths.events) {
      const next = replays.shift();
      if (!next) return json({ results: [], reset: false, more: false });
      await next.gate;
      return json(next.reply);
    }
    return json({ message: 'Not found.' }, 404);
  });
  localStorage.clear();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  queryClient.setQueryData(['notifications', 'page', 1], { results: [], count: 0, next_offset: 0, unread: 0 });
});

afterEach(async () => {
  await resetRealtimeTest(realtime);
  realtime = null;
});

describe('the Ably transport', () => {
  it('is used when the server says so: it subscribes to the session channels under the prefix', async () => {
    const client = await started();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect([...client.channelsByName.keys()]).toEqual(['stafflane:user-u1', 'stafflane:company-c1', 'stafflane:global']);
    expect(getRealtimeStatus()).toBe('connecting');
    client.setState('connected');
    expect(getRealtimeStatus()).toBe('connected');
  });

  it('authenticates through POST /api/broadcast/auth with the bearer token and hands Ably the token request', async () => {
    const client = await started();
    const callback = vi.fn();
    client.options.authCallback({}, callback);
    await settle();
    const auth = seen.find((request) => request.url.pathname === realtimePaths.broadcastAuth);
    expect(auth).toMatchObject({ method: 'POST', authorization: `Bearer ${tokenFor()}` });
    expect(callback).toHaveBeenCalledWith(null, TOKEN_REQUEST);
  });

  it('logs a refused authentication as a subscription error and tells Ably it failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    authReply = () => json({ message: 'Server error.' }, 500);
    const client = await started();
    const callback = vi.fn();
    client.options.authCallback({}, callback);
    await settle();
    expect(callback).toHaveBeenCalledWith(expect.any(String), null);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('subscription error'));
  });

  it('replays through the events endpoint after the stored id on attach, then live messages, in order and once', async () => {
    await set('u1', { 'user-u1': '41' }, ids);
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    replays = [
      { reply: { results: [notificationEvent('42'), notificationEvent('43')], reset: false, more: true }, gate },
      { reply: { results: [notificationEvent('44')], reset: false, more: false } },
    ];
    const client = await started();
    const channel = client.channel('stafflane:user-u1');
    channel.emit('attached');
    await settle();
    // Live messages while the replay is out: one it will also bring, one after it.
    channel.deliver(notificationEvent('45'));
    channel.deliver(JSON.stringify(notificationEvent('43')));
    open();
    await settle();

    expect(eventRequests()).toEqual(['?channel=user-u1&after=41', '?channel=user-u1&after=43']);
    expect(bellIds()).toEqual(['n-45', 'n-44', 'n-43', 'n-42']);
    channel.deliver(notificationEvent('44'));
    expect(bellIds()).toHaveLength(4);

    // Re-attached after a suspension: the replay starts from the last id seen.
    channel.emit('attached');
    await settle();
    expect(eventRequests().at(-1)).toBe('?channel=user-u1&after=45');
  });

  it('does not replay a channel it has never seen an event on', async () => {
    const client = await started();
    client.channel('stafflane:global').emit('attached');
    await settle();
    expect(eventRequests()).toEqual([]);
    client.channel('stafflane:global').deliver(notificationEvent('1', 'global'));
    expect(bellIds()).toEqual(['n-1']);
  });

  it('refetches everything when the replay says the id is older than the server keeps', async () => {
    await set('u1', { global: '3' }, ids);
    queryClient.setQueryData(['alerts'], []);
    replays = [{ reply: { results: [], reset: true, more: false } }];
    const client = await started();
    client.channel('stafflane:global').emit('attached');
    await settle();
    expect(queryClient.getQueryState(['alerts'])?.isInvalidated).toBe(true);
  });

  it('is closed on logout', async () => {
    const client = await started();
    clearToken();
    expect(client.closed).toBe(true);
    expect(getRealtimeStatus()).toBe('stopped');
  });

  it('falls back to the built-in socket when the config call fails', async () => {
    configReply = () => json({ message: 'Server error.' }, 500);
    await started().catch(() => undefined);
    expect(FakeRealtime.instances).toHaveLength(0);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
