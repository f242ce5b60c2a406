// Where the session lives in the browser: the access token under `auth-token`, and the
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
  notifyTokenListeners(token);
}

export function clearToken(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(TOKEN_KEY);
  store.removeItem(LOGGED_IN_KEY);
  notifyTokenListeners(null);
}

// Other tabs hear a change through the `storage` event; this tab (a sign-in, a refresh, a
// logout here) through these listeners, which the realtime connection uses to re-authenticate.
type TokenListener = (token: string | null) => void;
const tokenListeners = new Set<TokenListener>();

/** Called after every setToken and clearToken in this tab; returns the unsubscribe. */
export function subscribeToToken(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

function notifyTokenListeners(token: string | null): void {
  for (const listener of [...tokenListeners]) listener(token);
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

// Whose data this browser holds besides the token (the persisted query cache, src/client/
// offline): written with the cache, read at start, so what a session left behind is found and
// erased after it ended without a logout here (a 401 reloads the page at once). Kept here, in
// the sign-in page's own code, so the entry can decide whether to load the offline parts at all.
const CACHE_OWNER_KEY = 'stafflane:cache-owner';

export function readCacheOwner(): string | null {
  try {
    return storage()?.getItem(CACHE_OWNER_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeCacheOwner(userId: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (userId) store.setItem(CACHE_OWNER_KEY, userId);
    else store.removeItem(CACHE_OWNER_KEY);
  } catch {
    // Storage full or blocked: nothing was written under this user either.
  }
}
