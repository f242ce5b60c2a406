// What the outbox keeps, in the worker's own IndexedDB database `stafflane-outbox`:
//   - `items`: one record per queued write, keyed by its Idempotency-Key — the request's
//     url, method, headers (never the authorization header), body bytes, user, resource and
//     state. A synced item keeps only its summary (no headers, no body) for a day.
//   - `meta`: the access token the pages mirror (key `token`); replays use only this one.
// Everything of a user is deleted on logout (clearUser).
import type { OutboxItemSummary, OutboxState } from '../src/shared/sw-messages';

export const OUTBOX_DB_NAME = 'stafflane-outbox';
const DB_VERSION = 1;
const ITEMS = 'items';
const META = 'meta';
const TOKEN_KEY = 'token';

/** What is stored: the summary pages see (id, user, resource, label, method, attempts, error), with times as epoch ms and the request itself. */
export type OutboxRecord = Pick<
  OutboxItemSummary,
  'id' | 'userId' | 'resource' | 'label' | 'method' | 'attempts' | 'error' | 'form' | 'formAction'
> & {
  /** Absolute URL. */
  url: string;
  headers: Array<[string, string]>;
  body: ArrayBuffer | null;
  state: Exclude<OutboxState, 'sending'>;
  /** Epoch ms; with `order`, the queue's order per resource. */
  createdAt: number;
  /** Strictly increasing within one worker's life: breaks ties between writes of the same millisecond. */
  order: number;
  nextAttemptAt: number | null;
  syncedAt: number | null;
};

export type MirroredToken = { token: string; userId: string };

export type OutboxStore = {
  put(record: OutboxRecord): Promise<void>;
  get(id: string): Promise<OutboxRecord | undefined>;
  /** Reads and writes in one transaction; does nothing when the item is gone (discarded, logged out). */
  update(id: string, change: (record: OutboxRecord) => OutboxRecord): Promise<OutboxRecord | undefined>;
  delete(id: string): Promise<void>;
  listUser(userId: string): Promise<OutboxRecord[]>;
  clearUser(userId: string): Promise<void>;
  getToken(): Promise<MirroredToken | null>;
  setToken(token: MirroredToken | null): Promise<void>;
};

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'));
  });
}

function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'));
  });
}

function openDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  const request = factory.open(name, DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(ITEMS)) db.createObjectStore(ITEMS, { keyPath: 'id' }).createIndex('userId', 'userId');
    if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
  };
  return promised(request);
}

export function createOutboxStore(options: { indexedDB?: IDBFactory; name?: string } = {}): OutboxStore {
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= openDatabase(options.indexedDB ?? indexedDB, options.name ?? OUTBOX_DB_NAME).then((database) => {
      // Another version of the worker upgrading the schema: let it, and reopen next time.
      database.onversionchange = () => {
        database.close();
        opened = null;
      };
      return database;
    });
    return opened;
  };

  async function run<T>(stores: string[], mode: IDBTransactionMode, work: (tx: IDBTransaction) => Promise<T> | T): Promise<T> {
    const transaction = (await db()).transaction(stores, mode);
    const done = finished(transaction);
    try {
      const result = await work(transaction);
      await done;
      return result;
    } catch (error) {
      done.catch(() => undefined);
      try {
        transaction.abort();
      } catch {
        // Already finished: nothing to undo.
      }
      throw error;
    }
  }

  return {
    put: (record) => run([ITEMS], 'readwrite', (tx) => void tx.objectStore(ITEMS).put(record)),
    get: (id) => run([ITEMS], 'readonly', (tx) => promised(tx.objectStore(ITEMS).get(id) as IDBRequest<OutboxRecord | undefined>)),
    update: (id, change) =>
      run([ITEMS], 'readwrite', async (tx) => {
        const items = tx.objectStore(ITEMS);
        const current = (await promised(items.get(id))) as OutboxRecord | undefined;
        if (!current) return undefined;
        const next = change(current);
        items.put(next);
        return next;
      }),
    delete: (id) => run([ITEMS], 'readwrite', (tx) => void tx.objectStore(ITEMS).delete(id)),
    listUser: (userId) =>
      run([ITEMS], 'readonly', (tx) => promised(tx.objectStore(ITEMS).index('userId').getAll(userId) as IDBRequest<OutboxRecord[]>)),
    clearUser: (userId) =>
      run([ITEMS, META], 'readwrite', async (tx) => {
        const keys = await promised(tx.objectStore(ITEMS).index('userId').getAllKeys(userId));
        for (const key of keys) tx.objectStore(ITEMS).delete(key);
        const token = (await promised(tx.objectStore(META).get(TOKEN_KEY))) as MirroredToken | undefined;
        if (token?.userId === userId) tx.objectStore(META).delete(TOKEN_KEY);
      }),
    getToken: () =>
      run([META], 'readonly', async (tx) => ((await promised(tx.objectStore(META).get(TOKEN_KEY))) as MirroredToken | undefined) ?? null),
    setToken: (token) =>
      run([META], 'readwrite', (tx) => {
        if (token) tx.objectStore(META).put(token, TOKEN_KEY);
        else tx.objectStore(META).delete(TOKEN_KEY);
      }),
  };
}
