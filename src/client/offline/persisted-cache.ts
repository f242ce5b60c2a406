// The query cache, kept in IndexedDB per user: the app opened from the home
// screen with no signal shows the last-known pages instead of a refusal. One entry per user,
// written at most four times a second while data changes (and as the page is hidden); a different build's entry is thrown away
// (the buster), so is one older than a session can live. Queries marked
// `meta: { sensitive: true }` (sickness reasons, medical notes, bank details, NI numbers) are
// never written, nor is anything that failed or is still loading; a list marked
// `sensitiveWhere` is written without the items it marks (a document private to HR), and the
// entry names the queries left out (kept-off.ts), so offline pages can say why. The entry is erased on
// logout and when the server ends the session (src/client/offline/session-data.ts).
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { readCacheOwner, writeCacheOwner } from '../auth/token-store';
import { rememberKeptOff } from './kept-off';
import { eraseSessionData, registerSessionDataEraser } from './session-data';

/** As long as a session may stay idle (SESSION_IDLE_DAYS' default): older data is no use to anyone. */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_THROTTLE_MS = 250;

let cacheStore: UseStore | null = null;
/** Writes what waits for the throttle now (set by the persister in use). */
let flushWaiting: () => Promise<void> = () => Promise.resolve();

/** Resolves once the data loaded so far is written (offline readiness waits for it before saying so). */
export function flushPersistedCache(): Promise<void> {
  return flushWaiting();
}
/** Opened on first use: importing this module never touches IndexedDB. */
function store(): UseStore {
  cacheStore ??= createStore('stafflane-cache', 'query-clients');
  return cacheStore;
}

/** Is this item `where`'s (a document private to HR)? */
function matches(data: unknown, where: { key: string; value: string }): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)[where.key] === where.value;
}

/**
 * Written only for a successful, non-sensitive query; one whose answer `sensitiveWhere` marks
 * sensitive is not written, except a list: its other items are (stripPrivateItems).
 */
export function shouldPersistQuery(query: Query): boolean {
  if (query.state.status !== 'success' || query.meta?.sensitive === true) return false;
  const where = query.meta?.sensitiveWhere;
  return !where || !matches(query.state.data, where);
}

/** A list answer without the items `sensitiveWhere` marks (a copy: the page's data is left alone). */
export function stripPrivateItems(data: unknown, where: { key: string; value: string }): unknown {
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { results?: unknown }).results)) return data;
  const results = (data as { results: unknown[] }).results;
  if (!results.some((item) => matches(item, where))) return data;
  return { ...data, results: results.filter((item) => !matches(item, where)) };
}

/** The entry as written: lists without their private items, and which queries were left out for privacy. */
function forStorage(client: PersistedClient, queryClient: QueryClient | null): PersistedClient & { keptOff?: string[] } {
  const queries = client.clientState.queries.map((query) => {
    const where = query.meta?.sensitiveWhere as { key: string; value: string } | undefined;
    if (!where || query.state.data === undefined) return query;
    return { ...query, state: { ...query.state, data: stripPrivateItems(query.state.data, where) } };
  });
  const keptOff = queryClient
    ?.getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && !shouldPersistQuery(query))
    .map((query) => query.queryHash);
  return { ...client, clientState: { ...client.clientState, queries }, keptOff };
}

/**
 * Restores `restoreUserId`'s entry; writes go to the entry of whoever is signed in when the
 * write happens (`currentUserId`, asked at every write), and nowhere when nobody is. The cache
 * is emptied whenever a session ends, so what is written belongs to that user; a write still
 * pending when the session ended is dropped.
 */
export function createUserPersister(
  restoreUserId: string | null,
  currentUserId: () => string | null | undefined,
  queryClient: QueryClient | null = null,
): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    timer = undefined;
    const client = pending;
    pending = null;
    const userId = currentUserId();
    if (!client || !userId) return;
    writeCacheOwner(userId);
    await set(userId, forStorage(client, queryClient), store()).catch(() => undefined);
  };
  flushWaiting = async () => {
    if (!timer) return;
    clearTimeout(timer);
    await flush();
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
  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void flush(), WRITE_THROTTLE_MS);
    },
    restoreClient: async () => {
      if (!restoreUserId) return undefined;
      const client = await get<PersistedClient & { keptOff?: string[] }>(restoreUserId, store());
      rememberKeptOff(client?.keptOff ?? []);
      return client;
    },
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
  const persister = createUserPersister(userId, currentUserId, queryClient);
  if (userId) {
    await persistQueryClientRestore({ queryClient, persister, buster, maxAge: PERSISTED_CACHE_MAX_AGE_MS }).catch(() => undefined);
  }
  return persistQueryClientSubscribe({
    queryClient,
    persister,
    buster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
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
