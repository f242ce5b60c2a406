import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE, realtimePaths, type RealtimeEvent } from '../../shared/realtime';
import { clearToken, setToken } from '../auth/token-store';
import { startRealtime, type Realtime } from './realtime-connection';
import { getRealtimeStatus } from './realtime-status';
import { FakeWebSocket, resetRealtimeTest, settle, stubApi, tokenFor, useFakeClock } from './realtime-test-support';

const ids = createStore('stafflane-realtime', 'last-event-ids');
let realtime: Realtime | null = null;
let queryClient: QueryClient;
let online = true;

function start(): Realtime {
  realtime = startRealtime({ queryClient });
  return realtime;
}

/** Moves the clock and lets the connection's promises (fetch, IndexedDB) finish. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

/** Opens the latest socket and lets the server accept it with these channels. */
function accept(socket: FakeWebSocket, channels = ['user-u1', 'company-c1', 'global']): void {
  socket.serverOpen();
  socket.serverSend({ type: 'ready', channels });
}

function event(id: string, channel = 'user-u1', extra: Partial<RealtimeEvent> = {}): RealtimeEvent {
  return { id, channel, event: 'changed', invalidates: [], payload: null, ...extra };
}

const types = (socket: FakeWebSocket) => socket.sent.map((message) => (message as { type: string }).type);

beforeEach(() => {
  useFakeClock();
  vi.spyOn(Math, 'random').mockReturnValue(0);
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  stubApi({ [realtimePaths.config]: () => ({ transport: 'socket' }) });
  localStorage.clear();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
});

afterEach(async () => {
  await resetRealtimeTest(realtime);
  realtime = null;
});

describe('connecting', () => {
  it('opens the socket one second after a token is available, and authenticates first', async () => {
    setToken(tokenFor());
    start();
    await advance(999);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(getRealtimeStatus()).toBe('connecting');
    await advance(1);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/api/realtime');
    socket.serverOpen();
    expect(socket.sent).toEqual([{ type: 'auth', token: tokenFor() }]);
  });

  it('waits for a sign-in in this tab, then connects a second later', async () => {
    start();
    await advance(5_000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(getRealtimeStatus()).toBe('stopped');
    setToken(tokenFor());
    await advance(999);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await advance(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('sends a refreshed token of the same session on the same socket, and starts again for another session', async () => {
    setToken(tokenFor());
    start();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    accept(socket);
    setToken(tokenFor({ version: 2 }));
    expect(socket.sent.at(-1)).toEqual({ type: 'auth', token: tokenFor({ version: 2 }) });
    expect(FakeWebSocket.instances).toHaveLength(1);

    setToken(tokenFor({ sid: 's2' }));
    expect(socket.closedByClient).toBe(1000);
    await advance(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('closes on logout and stays closed', async () => {
    setToken(tokenFor());
    start();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    accept(socket);
    expect(getRealtimeStatus()).toBe('connected');
    clearToken();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(getRealtimeStatus()).toBe('stopped');
    await advance(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it.each([REALTIME_CLOSE.sessionEnded, REALTIME_CLOSE.unauthenticated])('after close code %i waits for a new token', async (code) => {
    setToken(tokenFor());
    start();
    await advance(1_000);
    accept(FakeWebSocket.latest());
    FakeWebSocket.latest().serverClose(code);
    expect(getRealtimeStatus()).toBe('stopped');
    await advance(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    setToken(tokenFor({ version: 2 }));
    await advance(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().serverOpen();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'auth', token: tokenFor({ version: 2 }) }]);
  });
});

describe('timeouts and reconnection', () => {
  async function connected(): Promise<FakeWebSocket> {
    setToken(tokenFor());
    start();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    accept(socket);
    return socket;
  }

  it('pings after 120 s of silence and keeps a connection that answers', async () => {
    const socket = await connected();
    await advance(119_999);
    expect(types(socket)).not.toContain('ping');
    await advance(1);
    expect(types(socket).filter((type) => type === 'ping')).toHaveLength(1);
    socket.serverSend({ type: 'pong' });
    await advance(30_000);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    expect(getRealtimeStatus()).toBe('connected');
  });

  it('any message from the server counts as activity', async () => {
    const socket = await connected();
    await advance(100_000);
    socket.serverSend({ type: 'event', event: event('1') });
    await advance(100_000);
    expect(types(socket)).not.toContain('ping');
  });

  it('drops the connection when no pong comes within 30 s, and reconnects', async () => {
    const socket = await connected();
    await advance(120_000);
    await advance(29_999);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    await advance(1);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(getRealtimeStatus()).toBe('connecting');
    await advance(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('marks the connection unavailable when it is not ready within 10 s, aborts and retries', async () => {
    setToken(tokenFor());
    start();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    socket.serverOpen(); // open, but the server never says ready
    await advance(9_999);
    expect(getRealtimeStatus()).toBe('connecting');
    await advance(1);
    expect(getRealtimeStatus()).toBe('unavailable');
    expect(socket.closedByClient).toBe(1000);
    await advance(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    accept(FakeWebSocket.latest());
    expect(getRealtimeStatus()).toBe('connected');
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s, and starts again from 1 s after a success', async () => {
    setToken(tokenFor());
    start();
    await advance(1_000);
    const waits: number[] = [];
    for (let failure = 0; failure < 7; failure += 1) {
      const count = FakeWebSocket.instances.length;
      FakeWebSocket.latest().serverClose(1006);
      let waited = 0;
      while (FakeWebSocket.instances.length === count && waited < 60_000) {
        await advance(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);

    accept(FakeWebSocket.latest());
    const count = FakeWebSocket.instances.length;
    FakeWebSocket.latest().serverClose(1006);
    await advance(1_000);
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
  });

  it('is idle while offline and reconnects at once when the browser is back online', async () => {
    const socket = await connected();
    online = false;
    window.dispatchEvent(new Event('offline'));
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    expect(getRealtimeStatus()).toBe('offline');
    await advance(120_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await advance(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('a reconnect waiting on its backoff goes at once when the browser comes online', async () => {
    const socket = await connected();
    for (let failure = 0; failure < 4; failure += 1) {
      FakeWebSocket.latest().serverClose(1006);
      await advance(2 ** failure * 1_000);
    }
    expect(FakeWebSocket.instances.length).toBe(5);
    FakeWebSocket.latest().serverClose(1006); // the next wait would be 16 s
    window.dispatchEvent(new Event('online'));
    await advance(0);
    expect(FakeWebSocket.instances.length).toBe(6);
    expect(socket).not.toBe(FakeWebSocket.latest());
  });
});

describe('channels and events', () => {
  it('subscribes to every channel of ready with the stored last id, and stores new ids in order', async () => {
    await set('u1', { 'user-u1': '41', global: '7' }, ids);
    setToken(tokenFor());
    start();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    accept(socket);
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', channel: 'user-u1', last_event_id: '41' },
      { type: 'subscribe', channel: 'company-c1', last_event_id: null },
      { type: 'subscribe', channel: 'global', last_event_id: '7' },
    ]);

    for (const id of ['42', '43', '100']) socket.serverSend({ type: 'event', event: event(id) });
    socket.serverSend({ type: 'event', event: event('9', 'company-c1') });
    await settle();
    expect(await get('u1', ids)).toEqual({ 'user-u1': '100', 'company-c1': '9', global: '7' });

    // Reconnecting asks for what came after the last one seen.
    socket.serverClose(1006);
    await advance(1_000);
    accept(FakeWebSocket.latest());
    expect(FakeWebSocket.latest().sent.slice(1, 3)).toEqual([
      { type: 'subscribe', channel: 'user-u1', last_event_id: '100' },
      { type: 'subscribe', channel: 'company-c1', last_event_id: '9' },
    ]);
  });

  it('refetches the resources an event names, prepends a notification once, and refetches everything on reset', async () => {
    setToken(tokenFor({ userId: 'u2' }));
    start();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    accept(socket, ['user-u2']);
    queryClient.setQueryData(['pending-count'], 3);
    queryClient.setQueryData(['alerts'], []);
    queryClient.setQueryData(['notifications', 'page', 1], { results: [], count: 0, next_offset: 0, unread: 0 });

    socket.serverSend({ type: 'event', event: event('1', 'user-u2', { invalidates: ['pending-count'] }) });
    expect(queryClient.getQueryState(['pending-count'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['alerts'])?.isInvalidated).toBe(false);

    const notification = {
      id: '3f2b8c1e-0000-4000-8000-000000000001',
      is_new: true,
      is_clicked: false,
      description: '<p>Ann asked for leave</p>',
      created_at: '2026-11-22T07:00:00Z',
      todo: true,
      relates_to: 'absence_request',
      relates_to_id: 'a1',
    };
    const notify = (id: string) =>
      socket.serverSend({
        type: 'event',
        event: event(id, 'user-u2', { event: 'notification', invalidates: ['notifications'], payload: notification }),
      });
    notify('2');
    notify('2'); // the same event twice
    expect(queryClient.getQueryData(['notifications', 'page', 1])).toMatchObject({ results: [notification], count: 1, unread: 1 });

    // The server's events were cleared (a restored database): it says to go on from 1.
    socket.serverSend({ type: 'reset', channel: 'user-u2', last_event_id: '1' });
    expect(queryClient.getQueryState(['alerts'])?.isInvalidated).toBe(true);
    // Its next event is id 2 again, and it is a new one: not taken for the 2 seen before.
    const later = { ...notification, id: '3f2b8c1e-0000-4000-8000-000000000002', description: '<p>Ben reported an incident</p>' };
    queryClient.setQueryData(['notifications', 'page', 1], { results: [notification], count: 1, next_offset: 0, unread: 1 });
    socket.serverSend({
      type: 'event',
      event: event('2', 'user-u2', { event: 'notification', invalidates: ['notifications'], payload: later }),
    });
    expect(queryClient.getQueryData(['notifications', 'page', 1])).toMatchObject({ results: [later, notification], unread: 2 });
  });

  it('logs a subscription error without telling the user', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setToken(tokenFor());
    start();
    await advance(1_000);
    accept(FakeWebSocket.latest());
    FakeWebSocket.latest().serverSend({ type: 'subscription_error', channel: 'company-c9', message: 'Not allowed.' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('company-c9'));
    expect(getRealtimeStatus()).toBe('connected');
  });
});
