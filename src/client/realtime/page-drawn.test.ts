import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { realtimePaths } from '../../shared/realtime';
import { FakeWebSocket, settle, stubApi, tokenFor, useFakeClock } from './realtime-test-support';

// Each test gets its own copy of the modules: whether the app holds is kept for the page's life.
async function freshModules() {
  vi.resetModules();
  const [pageDrawn, connection, tokens] = await Promise.all([
    import('./page-drawn'),
    import('./realtime-connection'),
    import('../auth/token-store'),
  ]);
  return { ...pageDrawn, ...connection, ...tokens };
}

let stop: (() => void) | null = null;

async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
}

beforeEach(() => {
  useFakeClock();
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  stubApi({ [realtimePaths.config]: () => ({ transport: 'socket' }) });
  localStorage.clear();
});

afterEach(async () => {
  stop?.();
  stop = null;
  await settle();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the realtime connection of an app opened signed in', () => {
  it('opens its socket a second after the first page is drawn, not before', async () => {
    const modules = await freshModules();
    modules.setToken(tokenFor());
    modules.holdUntilPageDrawn();
    stop = modules.startRealtime({ queryClient: new QueryClient() }).stop;
    await advance(3_000);
    expect(FakeWebSocket.instances).toHaveLength(0);

    modules.pageDrawn();
    await advance(999);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await advance(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('connects after a while at most when no page says it was drawn', async () => {
    const modules = await freshModules();
    modules.setToken(tokenFor());
    modules.holdUntilPageDrawn(4_000);
    stop = modules.startRealtime({ queryClient: new QueryClient() }).stop;
    await advance(4_999);
    expect(FakeWebSocket.instances).toHaveLength(0);
    await advance(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('connects a second after start when nothing holds it (signed in later in the tab)', async () => {
    const modules = await freshModules();
    modules.setToken(tokenFor());
    stop = modules.startRealtime({ queryClient: new QueryClient() }).stop;
    await advance(1_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('what changed while the connection waited for the first page', () => {
  const detail = ['user-overtime', 'detail', 'r1'];
  const open = (socket: FakeWebSocket, channels: string[]) => {
    socket.serverOpen();
    socket.serverSend({ type: 'ready', channels });
  };

  it('reads the page again once when a channel with no last event id is subscribed, and goes on from the newest', async () => {
    const modules = await freshModules();
    modules.setToken(tokenFor({ userId: 'u7' }));
    modules.holdUntilPageDrawn();
    const queryClient = new QueryClient();
    // What the first page read before the socket opened (a report then approved by someone else).
    queryClient.setQueryData(detail, { status: 'reported' });
    stop = modules.startRealtime({ queryClient }).stop;
    modules.pageDrawn();
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    open(socket, ['user-u7', 'company-c1']);
    await settle();
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', channel: 'user-u7', last_event_id: null },
      { type: 'subscribe', channel: 'company-c1', last_event_id: null },
    ]);

    socket.serverSend({ type: 'subscribed', channel: 'user-u7', last_event_id: '50' });
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(true);
    // Once: the second channel's subscription asks for nothing more.
    queryClient.setQueryData(detail, { status: 'approved' });
    socket.serverSend({ type: 'subscribed', channel: 'company-c1', last_event_id: '50' });
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);

    // The next connection replays from the newest id it was told.
    await settle();
    socket.serverClose(1006);
    await advance(1_000);
    const again = FakeWebSocket.latest();
    open(again, ['user-u7', 'company-c1']);
    await settle();
    expect(again.sent.slice(1)).toEqual([
      { type: 'subscribe', channel: 'user-u7', last_event_id: '50' },
      { type: 'subscribe', channel: 'company-c1', last_event_id: '50' },
    ]);
  });

  it('reads nothing again when nothing held the connection (it opened as the page read its data)', async () => {
    const modules = await freshModules();
    modules.setToken(tokenFor({ userId: 'u8' }));
    const queryClient = new QueryClient();
    queryClient.setQueryData(detail, { status: 'reported' });
    stop = modules.startRealtime({ queryClient }).stop;
    await advance(1_000);
    const socket = FakeWebSocket.latest();
    open(socket, ['user-u8']);
    await settle();
    socket.serverSend({ type: 'subscribed', channel: 'user-u8', last_event_id: '50' });
    expect(queryClient.getQueryState(detail)?.isInvalidated).toBe(false);
  });
});
