// The query cache, kept in IndexedDB per user: the app opened from the home
// screen with no signal shows the last-known pages instead of a refusal. One entry per user,
// written at most once a second while data changes (and as the page is hidden), the cache read
// once per write rather than at every change of every query; a different build's entry is thrown away
// (the buster), so is one older than a session can live. Queries marked
// `meta: { sensitive: true }` (sickness reasons, medical notes, bank details, NI numbers) are
// never written, nor is anything that failed or is still loading; a list marked `sensitiveWhere`
// is written without the items it marks (the HR documents list without HR-private titles); one
// marked `keptIfOwn` (incident records, return-to-work forms) is written only when it is the
// signed-in person's own (ownedBy); and the entry names the queries left out (kept-off.ts), so
// offline pages can say why. The entry is erased on
// logout and when the server ends the session (src/client/offline/session-data.ts).
import { persistQueryClientRestore, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { readCacheOwner, writeCacheOwner } from '../auth/token-store';
import { ownedBy, rememberedKeptOff, rememberKeptOff } from './kept-off';
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

type Where = { key: string; value: string };

/** Is this item `where`'s (a document private to HR)? */
function matches(data: unknown, where: Where): boolean {
  return typeof data === 'object' && data !== null && (data as Record<string, unknown>)[where.key] === where.value;
}

const isList = (data: unknown): data is { results: unknown[] } =>
  typeof data === 'object' && data !== null && Array.isArray((data as { results?: unknown }).results);

/**
 * Written only for a successful, non-sensitive query; one whose answer `sensitiveWhere` marks
 * is not written, except a list: it is written without those items (stripPrivateItems); one
 * marked `keptIfOwn` only when it is `userId`'s own (ownedBy).
 */
export function shouldPersistQuery(query: Query, userId: string | null | undefined): boolean {
  if (query.state.status !== 'success' || query.meta?.sensitive === true) return false;
  const owners = query.meta?.keptIfOwn;
  if (owners && !ownedBy(query.state.data, owners, userId)) return false;
  const where = query.meta?.sensitiveWhere;
  return !where || isList(query.state.data) || !matches(query.state.data, where);
}

/** A list answer without the items `where` marks (a copy: the page's own data is left alone). */
export function stripPrivateItems(data: unknown, where: Where): unknown {
  if (!isList(data) || !data.results.some((item) => matches(item, where))) return data;
  const results = data.results.filter((item) => !matches(item, where));
  const count = (data as { count?: unknown }).count;
  return { ...data, results, ...(typeof count === 'number' ? { count: count - (data.results.length - results.length) } : {}) };
}

/** The entry as written: lists without their private items, and which queries were left out for privacy. */
export type StoredClient = PersistedClient & { keptOff?: string[] };

function forStorage(client: PersistedClient, queryClient: QueryClient, userId: string | null | undefined): StoredClient {
  const queries = client.clientState.queries.map((query) => {
    const where = query.meta?.sensitiveWhere as Where | undefined;
    if (!where || query.state.data === undefined) return query;
    return { ...query, state: { ...query.state, data: stripPrivateItems(query.state.data, where) } };
  });
  const leftOut = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && !shouldPersistQuery(query, userId))
    .map((query) => query.queryHash);
  // And those the restored entry named: after a start with no signal the left-out queries are not
  // in the cache, and a write then must not forget them (the next offline start would say
  // "hasn't been opened" where it said "Kept off this device for privacy").
  const stored = new Set(queries.map((query) => query.queryHash));
  const keptOff = [...new Set([...rememberedKeptOff(), ...leftOut])].filter((hash) => !stored.has(hash));
  return { ...client, clientState: { ...client.clientState, queries }, keptOff };
}

/** Writes what waits for the throttle now (set by the persister in use). */
let flushWaiting: () => Promise<void> = () => Promise.resolve();

/** Resolves once the data loaded so far is written (the offline readiness waits for it before saying so). */
export function flushPersistedCache(): Promise<void> {
  return flushWaiting();
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
  flushWaiting = async () => {
    if (!timer) return;
    clearTimeout(timer);
    await flush();
  };
  const schedule = (snapshot: () => PersistedClient) => {
    pending = snapshot;
    timer ??= setTimeout(() => void flush(), WRITE_THROTTLE_MS);
  };
  return {
    schedule,
    persistClient: (client) => schedule(() => client),
    restoreClient: async () => {
      if (!restoreUserId) return undefined;
      const client = await get<StoredClient>(restoreUserId, store());
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
  const persister = createUserPersister(userId, currentUserId);
  if (userId) {
    await persistQueryClientRestore({ queryClient, persister, buster, maxAge: PERSISTED_CACHE_MAX_AGE_MS }).catch(() => undefined);
  }
  // Queries only: mutations are never kept (the outbox keeps what waits to be sent).
  // Whose data it is, as the write happens: what is kept only for its owner is judged for them.
  const snapshot = (): PersistedClient => {
    const owner = currentUserId();
    return forStorage(
      {
        buster,
        timestamp: Date.now(),
        clientState: dehydrate(queryClient, {
          shouldDehydrateQuery: (query) => shouldPersistQuery(query, owner),
          shouldDehydrateMutation: () => false,
        }),
      },
      queryClient,
      owner,
    );
  };
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
