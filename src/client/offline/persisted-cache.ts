// The query cache, kept in IndexedDB per user: the app opened from the home
// screen with no signal shows the last-known pages instead of a refusal. One entry per user,
// written at most once a second while data changes (and as the page is hidden), the cache read
// once per write rather than at every change of every query; a different build's entry is thrown away
// (the buster), so is one older than a session can live. Queries marked
// `meta: { sensitive: true }` (sickness reasons, medical notes, bank details, NI numbers) are
// never written, nor is anything that failed or is still loading. The entry is erased on
// logout and when the server ends the session (src/client/offline/session-data.ts).
import { persistQueryClientRestore, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { readCacheOwner, writeCacheOwner } from '../auth/token-store';
import { eraseSessionData, registerSessionDataEraser } from './session-data';

/** As long as a session may stay idle (SESSION_IDLE_DAYS' default): older data is no use to anyone. */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_THROTTLE_MS = 1_000;

let cacheStore: UseStore | null = null;
/** Opened on first use: importing this module never touches IndexedDB. */
function store(): UseStore {
  cacheStore ??= createStore('stafflane-cache', 'query-clients');
  return cacheStore;
}

/** Does the answer (or one of its `results`) have `key` equal to `value`? */
function holds(data: unknown, where: { key: string; value: string }): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (record[where.key] === where.value) return true;
  return Array.isArray(record.results) && record.results.some((item) => holds(item, where));
}

/** Written only for a successful, non-sensitive query (nor one whose answer `sensitiveWhere` marks sensitive). */
export function shouldPersistQuery(query: Query): boolean {
  if (query.state.status !== 'success' || query.meta?.sensitive === true) return false;
  const where = query.meta?.sensitiveWhere;
  return !where || !holds(query.state.data, where);
}

type UserPersister = Persister & {
  /** Writes what `snapshot` answers when the throttle ends (or the page is hidden): one read of the cache per write. */
  schedule: (snapshot: () => PersistedClient) => void;
};

/**
 * Restores `restoreUserId`'s entry; writes go to the entry of whoever is signed in when the
 * write happens (`currentUserId`, asked at every write), and nowhere when nobody is. The cache
 * is emptied whenever a session ends, so what is written belongs to that user; a write still
 * pending when the session ended is dropped.
 */
export function createUserPersister(restoreUserId: string | null, currentUserId: () => string | null | undefined): UserPersister {
  let pending: (() => PersistedClient) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    timer = undefined;
    const snapshot = pending;
    pending = null;
    const userId = currentUserId();
    if (!snapshot || !userId) return;
    writeCacheOwner(userId);
    await set(userId, snapshot(), store()).catch(() => undefined);
  };
  // A page left within the throttle (a reload, a link to another app, the phone locking) still
  // writes what it loaded: the write starts as the page is hidden.
  if (typeof document !== 'undefined') {
    const flushNow = () => {
      if (!timer) return;
      clearTimeout(timer);
      void flush();
    };
    window.addEventListener('pagehide', flushNow);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flushNow();
    });
  }
  const schedule = (snapshot: () => PersistedClient) => {
    pending = snapshot;
    timer ??= setTimeout(() => void flush(), WRITE_THROTTLE_MS);
  };
  return {
    schedule,
    persistClient: (client) => schedule(() => client),
    restoreClient: () => (restoreUserId ? get<PersistedClient>(restoreUserId, store()) : undefined),
    removeClient: () => (restoreUserId ? del(restoreUserId, store()) : undefined),
  };
}

export type PersistedCacheOptions = {
  queryClient: QueryClient;
  /** Who is signed in as the app starts (null: nobody, nothing to restore). */
  userId: string | null;
  currentUserId: () => string | null | undefined;
  /** The build's id: an entry written by another build is discarded. */
  buster: string;
};

/**
 * Restores the signed-in user's entry into the query client, then keeps the entry of whoever
 * is signed in up to date. Resolves once the restore is done (a broken, old or missing entry
 * restores nothing); the returned function stops the writes. Never rejects: without IndexedDB
 * the app simply starts with an empty cache.
 */
export async function startPersistedCache({ queryClient, userId, currentUserId, buster }: PersistedCacheOptions): Promise<() => void> {
  const persister = createUserPersister(userId, currentUserId);
  if (userId) {
    await persistQueryClientRestore({ queryClient, persister, buster, maxAge: PERSISTED_CACHE_MAX_AGE_MS }).catch(() => undefined);
  }
  // Queries only: mutations are never kept (the outbox keeps what waits to be sent).
  const snapshot = (): PersistedClient => ({
    buster,
    timestamp: Date.now(),
    clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false }),
  });
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') persister.schedule(snapshot);
  });
}

/**
 * When the session that wrote the cache has ended without a logout here — the server said 401
 * (the page reloads at once), a refresh was refused, another user signed in — erases what it
 * left (reason 'unauthorised': its outbox waits for it). Called at start and when a session ends.
 */
export async function eraseEndedSessionData(currentUserId: string | null): Promise<void> {
  const owner = readCacheOwner();
  if (!owner || owner === currentUserId) return;
  await eraseSessionData(owner, 'unauthorised');
  writeCacheOwner(currentUserId);
}

/** Removes a user's entry (logout, or the server ending the session). */
export function erasePersistedCache(userId: string): Promise<void> {
  return del(userId, store()).catch(() => undefined);
}

registerSessionDataEraser(async (userId) => {
  await erasePersistedCache(userId);
  if (readCacheOwner() === userId) writeCacheOwner(null);
});
