// Keeps the access token fresh: POST /api/refresh-token 60 s before
// the token expires, and before any call made with a token already due (a phone that slept,
// an app reopened after days). Only the server saying no (401) ends the session; a refresh
// that cannot reach it (offline, a network error, a 5xx) keeps the session and is tried
// again when the network returns or after a pause, so the app opens offline whatever the
// token's age. Tabs share the token through local storage: when another tab refreshes, this
// one reschedules from the new token instead of refreshing too.
import { isApiError, setTokenRefresher } from '../../../client/api/api-client';
import { getToken, TOKEN_KEY } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { TOKEN_REFRESH_BEFORE_EXPIRY_MS } from '../../../shared/constants';
import { refreshToken } from './auth.api';
import { clearSession, saveRefreshedSession } from '../../../client/auth/session-store';

/** Pauses after failures the network did not explain (a 5xx, a timeout while online). */
export const REFRESH_RETRY_DELAYS_MS = [15_000, 30_000, 60_000, 120_000, 300_000];
/** Never refresh twice within this, whatever the clocks say: a device clock far ahead of the server's must not loop. */
export const MIN_REFRESH_INTERVAL_MS = 10_000;

export type TokenRefreshOptions = {
  /** The server refused: the session is already cleared; go to /login. */
  onRefused: () => void;
};

export type TokenRefresh = { refreshNow: () => Promise<void>; stop: () => void };

function refreshDueAt(token: string): number | null {
  const exp = readTokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 - TOKEN_REFRESH_BEFORE_EXPIRY_MS : null;
}

export function startTokenRefresh({ onRefused }: TokenRefreshOptions): TokenRefresh {
  let timer: number | undefined;
  let inFlight: Promise<void> | null = null;
  let failures = 0;
  let lastRefreshAt = Number.NEGATIVE_INFINITY;
  let stopped = false;

  const isDue = (token: string) => {
    const due = refreshDueAt(token);
    return due !== null && due <= Date.now() && Date.now() - lastRefreshAt >= MIN_REFRESH_INTERVAL_MS;
  };

  function schedule(delayMs?: number): void {
    window.clearTimeout(timer);
    timer = undefined;
    const token = getToken();
    const due = token ? refreshDueAt(token) : null;
    if (stopped || due === null) return;
    const wait = delayMs ?? Math.max(due - Date.now(), lastRefreshAt + MIN_REFRESH_INTERVAL_MS - Date.now(), 0);
    timer = window.setTimeout(() => void refreshNow(), wait);
  }

  function refreshNow(): Promise<void> {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function run(): Promise<void> {
    const token = getToken();
    // Offline: the 'online' listener below tries again.
    if (!token || !navigator.onLine) return;
    try {
      const fresh = await refreshToken();
      // Signed out, or in as someone else, while the call was out: that session is not ours to touch.
      if (getToken() !== token) return schedule();
      saveRefreshedSession(fresh);
      failures = 0;
      lastRefreshAt = Date.now();
      schedule();
    } catch (error) {
      if (isApiError(error, 401)) {
        if (getToken() === token) {
          clearSession();
          onRefused();
        }
        return;
      }
      failures += 1;
      if (navigator.onLine) schedule(REFRESH_RETRY_DELAYS_MS[Math.min(failures, REFRESH_RETRY_DELAYS_MS.length) - 1]);
    }
  }

  /** Before any API call: wait for a refresh when the token is due, never fail the call over it. */
  async function ensureFresh(): Promise<void> {
    const token = getToken();
    if (!token || !navigator.onLine || !isDue(token)) return;
    await refreshNow().catch(() => undefined);
  }

  const onOnline = () => {
    const token = getToken();
    if (token && isDue(token)) void refreshNow();
    else schedule();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) schedule();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') onOnline();
  };

  window.addEventListener('online', onOnline);
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  setTokenRefresher(ensureFresh);
  schedule();

  return {
    refreshNow,
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
      setTokenRefresher(null);
    },
  };
}
