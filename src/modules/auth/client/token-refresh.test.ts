import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../../../client/api/api-client';
import { getToken, LOGGED_IN_KEY, setToken } from '../../../client/auth/token-store';
import { SESSION_KEYS } from '../../../client/auth/session-store';
import { REFRESH_RETRY_DELAYS_MS, startTokenRefresh, type TokenRefresh } from './token-refresh';
import { mockApi } from '../../../client/ui/test-render';

const server = mockApi();

const NOW = Date.UTC(2030, 0, 1, 9, 0, 0);
/** A token (unsigned: the client only reads it) expiring `seconds` from now (the fake clock's). */
function tokenExpiringIn(seconds: number, name = 'Olivia'): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const iat = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'EdDSA' })}.${encode({ first_name: name, company_id: 'c1', iat, exp: iat + seconds })}.sig`;
}

let refresh: TokenRefresh | undefined;
let calls: number;
let answer: () => Response;
const onRefused = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  localStorage.clear();
  onRefused.mockReset();
  calls = 0;
  answer = () =>
    HttpResponse.json({
      auth_token: tokenExpiringIn(900 + 60, 'Fresh'),
      permissions: [{ endpoint: '/api/x', method: 'GET', type: 'own' }],
    });
  server.use(
    http.post('/api/refresh-token', () => {
      calls += 1;
      return answer();
    }),
  );
});

afterEach(() => {
  refresh?.stop();
  refresh = undefined;
  server.resetHandlers();
  vi.useRealTimers();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, value: online });

/** Starts the refresh with a token about to expire and waits for its first call, which the test's server refuses to answer: the token is kept. */
async function refreshOnceFailing() {
  const token = tokenExpiringIn(30);
  setToken(token);
  refresh = startTokenRefresh({ onRefused });
  await vi.advanceTimersByTimeAsync(0);
  await vi.waitFor(() => expect(calls).toBe(1));
  expect(getToken()).toBe(token);
  return token;
}

describe('token refresh', () => {
  it('refreshes 60 s before the token expires, stores the new token and permissions, and schedules the next', async () => {
    setToken(tokenExpiringIn(15 * 60));
    refresh = startTokenRefresh({ onRefused });

    await vi.advanceTimersByTimeAsync(14 * 60 * 1000 - 1);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls).toBe(1));
    await vi.waitFor(() => expect(getToken()).toContain('.'));
    expect(getToken()).toBe(tokenExpiringIn(960, 'Fresh'));
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS.permissions) ?? '[]')).toEqual([
      { endpoint: '/api/x', method: 'GET', type: 'own' },
    ]);
    // The new token is read like the first: due 60 s before its own expiry, 15 minutes on.
    await vi.advanceTimersByTimeAsync(14 * 60 * 1000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(2 * 60 * 1000);
    await vi.waitFor(() => expect(calls).toBe(2));
  });

  it('refreshes at once a token already due (the app reopened after a while)', async () => {
    setToken(tokenExpiringIn(-3600));
    refresh = startTokenRefresh({ onRefused });
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(calls).toBe(1));
  });

  it('clears the session and reports it when the server refuses (401)', async () => {
    answer = () => HttpResponse.json({ code: 'unauthenticated', message: 'Please sign in again.' }, { status: 401 });
    setToken(tokenExpiringIn(30));
    localStorage.setItem(SESSION_KEYS.permissions, '[]');
    refresh = startTokenRefresh({ onRefused });
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledOnce());
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(LOGGED_IN_KEY)).toBeNull();
    expect(localStorage.getItem(SESSION_KEYS.permissions)).toBeNull();
  });

  it('keeps the session when the server cannot be reached, and tries again when the network returns', async () => {
    answer = () => HttpResponse.error();
    await refreshOnceFailing();
    expect(onRefused).not.toHaveBeenCalled();

    // Offline now: the retry timer does not call out; coming back online does.
    setOnline(false);
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0] ?? 0);
    expect(calls).toBe(1);
    answer = () => HttpResponse.json({ auth_token: tokenExpiringIn(960, 'Fresh'), permissions: [] });
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(getToken()).toBe(tokenExpiringIn(960, 'Fresh')));
    expect(calls).toBe(2);
  });

  it('keeps the session on a server error (5xx) and tries again after a pause', async () => {
    answer = () => HttpResponse.json({ code: 'internal', message: 'Unexpected error occurred.' }, { status: 503 });
    const token = await refreshOnceFailing();
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_DELAYS_MS[0] ?? 0);
    await vi.waitFor(() => expect(calls).toBe(2));
    expect(getToken()).toBe(token);
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('makes a call sent with a due token wait for the refresh, so it goes out with the fresh one', async () => {
    setToken(tokenExpiringIn(-60));
    refresh = startTokenRefresh({ onRefused });
    let sent: string | null = null;
    server.use(
      http.get('/api/version', ({ request }) => ((sent = request.headers.get('authorization')), HttpResponse.json({ version: '1' }))),
    );
    await apiFetch('/api/version');
    expect(calls).toBe(1);
    expect(sent).toBe(`Bearer ${tokenExpiringIn(960, 'Fresh')}`);
  });

  it('reschedules from the token another tab refreshed instead of refreshing again', async () => {
    setToken(tokenExpiringIn(15 * 60));
    refresh = startTokenRefresh({ onRefused });
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    // Another tab refreshed: the storage event carries the change.
    setToken(tokenExpiringIn(25 * 60, 'OtherTab'));
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth-token' }));
    // Due 24 minutes after the other tab's refresh, not 4 as the old token was.
    await vi.advanceTimersByTimeAsync(20 * 60 * 1000);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    await vi.waitFor(() => expect(calls).toBe(1));
  });

  it('never refreshes more than once in 10 s, even when every new token looks due (a device clock far ahead)', async () => {
    answer = () => HttpResponse.json({ auth_token: tokenExpiringIn(-600, 'Skewed'), permissions: [] });
    setToken(tokenExpiringIn(-600));
    refresh = startTokenRefresh({ onRefused });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBeGreaterThan(1);
    expect(calls).toBeLessThanOrEqual(7);
  });

  it('does nothing without a session', async () => {
    refresh = startTokenRefresh({ onRefused });
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(calls).toBe(0);
  });
});
