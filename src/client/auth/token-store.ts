// Where the session lives in the browser: the access token under `auth-token`, and SPEC §3's
// `loggedIn` flag (1 while a token is stored), which other tabs watch. The identity module
// owns the token's lifecycle (src/modules/auth/client: refresh, cross-tab logout); this is
// only its storage, which the api client reads.

export const TOKEN_KEY = 'auth-token';
export const LOGGED_IN_KEY = 'loggedIn';

// Browsers that block storage throw on access; the app then behaves as signed out.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  const store = storage();
  if (!store) return;
  store.setItem(TOKEN_KEY, token);
  store.setItem(LOGGED_IN_KEY, '1');
}

export function clearToken(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(TOKEN_KEY);
  store.removeItem(LOGGED_IN_KEY);
}

/** False when the browser refuses local storage (blocked by a setting or policy): nobody can stay signed in. */
export function isLocalStorageAvailable(): boolean {
  try {
    const store = window.localStorage;
    const probe = 'stafflane:storage-probe';
    store.setItem(probe, '1');
    store.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}
