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
