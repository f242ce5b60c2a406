// Where the session lives in the browser: the access token under `auth-token`, and SPEC §3's
// `loggedIn` flag (1 while a token is stored), which other tabs watch. The identity module
// will own the token's lifecycle (refresh, cross-tab logout); this is only its storage.

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
