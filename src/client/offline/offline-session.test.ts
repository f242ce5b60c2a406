// The session's start when this browser's stored pages cannot be read: the page and realtime
// must not wait for IndexedDB for ever.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ restore: () => Promise.resolve(), realtime: 0, bridge: 0 }));
vi.mock('./persisted-cache', () => ({
  eraseEndedSessionData: () => Promise.resolve(),
  startPersistedCache: () => calls.restore(),
}));
vi.mock('../realtime/realtime-connection', () => ({ startRealtime: () => void calls.realtime++ }));
vi.mock('./outbox-bridge', () => ({ startOutboxBridge: () => void calls.bridge++ }));

beforeEach(() => {
  // Vite's define in a build.
  vi.stubGlobal('__BUILD_ID__', 'test-build');
  vi.resetModules();
  vi.useFakeTimers();
  calls.realtime = 0;
  calls.bridge = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Whether the session's start has settled after `ms` of the page's time. */
async function settledAfter(ms: number): Promise<boolean> {
  const { startOfflineSession } = await import('./offline-session');
  let settled = false;
  void startOfflineSession(new QueryClient()).then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('startOfflineSession', () => {
  it('starts the page, the outbox and realtime without the stored pages when IndexedDB never opens', async () => {
    calls.restore = () => new Promise<void>(() => undefined);
    const { STORED_PAGES_WAIT_MS } = await import('./offline-session');
    expect(await settledAfter(STORED_PAGES_WAIT_MS - 1)).toBe(false);
    expect(calls.realtime).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toMatchObject({ realtime: 1, bridge: 1 });
  });

  it('does not wait once the stored pages are restored, and starts realtime after them', async () => {
    let restored = false;
    calls.restore = () => Promise.resolve().then(() => void (restored = true));
    expect(await settledAfter(0)).toBe(true);
    expect(restored).toBe(true);
    expect(calls).toMatchObject({ realtime: 1, bridge: 1 });
  });

  it('starts realtime when reading the stored pages fails', async () => {
    calls.restore = () => Promise.reject(new Error('QuotaExceededError'));
    expect(await settledAfter(0)).toBe(true);
    expect(calls).toMatchObject({ realtime: 1, bridge: 1 });
  });
});
