// The service worker's outbox: queueable writes that cannot reach the server are
// stored and answered 202, then replayed — per resource in order, with the token the pages
// mirror — until the server accepts or refuses each one. Nothing leaves the outbox except by
// the server's success, the user's Discard or the user's logout. Plain logic: the worker's
// fetch, storage, clock and pages come in as parameters (sw/outbox-worker.ts wires the real ones).
import { SW_MESSAGE, type OutboxItemSummary, type OutboxParts, type QueuedResponse, type SwMessage } from '../src/shared/sw-messages';
import { bearerToken, captureRequest, isOutboxRequest, userIdOfToken } from './outbox-request';
import type { MirroredToken, OutboxRecord, OutboxStore } from './outbox-store';
import { refusalOf } from './outbox-refusal';

export const OUTBOX_SYNC_TAG = 'stafflane-outbox';
/** How long a synced item's summary stays, so the outbox view can say "Synced". */
export const SYNCED_KEPT_MS = 24 * 60 * 60 * 1000;
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 5 * 60 * 1000;
/** Gateways answering for a server that is away: the same as no network. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);
const IN_FLIGHT_CODE = 'idempotency_in_flight';
export const WAITING_FOR_SIGN_IN = 'Waiting for you to sign in again.';
export const NO_CONNECTION = 'The server could not be reached.';

export type OutboxDeps = {
  store: OutboxStore;
  fetch: (input: string | Request, init?: RequestInit) => Promise<Response>;
  now: () => number;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  postToPages: (message: SwMessage) => Promise<void> | void;
  /** Background Sync where the browser has it; rejects or does nothing elsewhere. */
  registerSync: () => Promise<void>;
  newId: () => string;
  origin: string;
};

export type ReplayResult = {
  /** Something could not reach the server: Background Sync should try again later. */
  retryLater: boolean;
};

type SendOutcome = 'done' | 'retry' | 'unauthorised';

export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

function byQueueOrder(a: OutboxRecord, b: OutboxRecord): number {
  return a.createdAt - b.createdAt || a.order - b.order;
}

const isoOrNull = (time: number | null) => (time === null ? null : new Date(time).toISOString());

function isJson(record: OutboxRecord): boolean {
  return record.headers.some(([name, value]) => name === 'content-type' && value.includes('json'));
}

const contentTypeOf = (record: OutboxRecord) => record.headers.find(([name]) => name === 'content-type')?.[1] ?? '';

/**
 * A refused multipart write's fields and files (a report's record and photo, a receipt), for the
 * form that corrects it; undefined for any other item, so lists stay light while writes wait.
 */
async function refusedParts(record: OutboxRecord): Promise<OutboxParts | undefined> {
  const contentType = contentTypeOf(record);
  if (record.state !== 'needs_attention' || !record.body || !contentType.includes('multipart/form-data')) return undefined;
  try {
    const form = await new Response(record.body, { headers: { 'content-type': contentType } }).formData();
    const parts: OutboxParts = { fields: {}, files: [] };
    form.forEach((value, name) => {
      if (typeof value === 'string') parts.fields[name] = value;
      else parts.files.push({ name, file: value });
    });
    return parts;
  } catch {
    return undefined;
  }
}

function jsonBody(record: OutboxRecord): unknown {
  if (!record.body || !isJson(record)) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(record.body)) as unknown;
  } catch {
    return undefined;
  }
}

async function isInFlightConflict(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return body?.code === IN_FLIGHT_CODE;
}

export function createOutbox(deps: OutboxDeps) {
  const { store } = deps;
  /** Items being sent right now: their state is 'sending' only while this worker lives. */
  const sending = new Set<string>();
  /** A token the server answered 401: nothing is sent with it again. */
  let refusedToken: string | null = null;
  let lastOrder = 0;
  let timer: unknown = null;
  let running: Promise<ReplayResult> | null = null;
  let runAgain = false;
  let forceAgain = false;
  const chains = new Map<string, Promise<unknown>>();
  const broadcasts = new Map<string, Promise<void>>();
  const dirty = new Set<string>();

  function nextOrder(): number {
    lastOrder = Math.max(lastOrder + 1, deps.now());
    return lastOrder;
  }

  function summaryOf(record: OutboxRecord): OutboxItemSummary {
    const url = new URL(record.url);
    const body = jsonBody(record);
    return {
      id: record.id,
      userId: record.userId,
      resource: record.resource,
      label: record.label,
      method: record.method,
      url: `${url.pathname}${url.search}`,
      state: sending.has(record.id) ? 'sending' : record.state,
      createdAt: new Date(record.createdAt).toISOString(),
      nextAttemptAt: isoOrNull(record.nextAttemptAt),
      syncedAt: isoOrNull(record.syncedAt),
      attempts: record.attempts,
      error: record.error,
      ...(body === undefined ? {} : { body }),
      ...(record.form ? { form: record.form } : {}),
      ...(record.form && record.formAction ? { formAction: record.formAction } : {}),
    };
  }

  /** The user's items, newest first; synced ones older than a day are deleted on the way. */
  async function records(userId: string): Promise<OutboxRecord[]> {
    const all = await store.listUser(userId);
    const expired = all.filter((record) => record.state === 'synced' && (record.syncedAt ?? 0) + SYNCED_KEPT_MS <= deps.now());
    await Promise.all(expired.map((record) => store.delete(record.id)));
    return all.filter((record) => !expired.includes(record)).sort((a, b) => byQueueOrder(b, a));
  }

  async function list(userId: string): Promise<OutboxItemSummary[]> {
    return Promise.all(
      (await records(userId)).map(async (record) => {
        const parts = await refusedParts(record);
        return parts ? { ...summaryOf(record), parts } : summaryOf(record);
      }),
    );
  }

  /** Posts the user's whole list to every page; changes made while one is on its way are sent once after it. */
  function broadcast(userId: string): Promise<void> {
    const current = broadcasts.get(userId);
    if (current) {
      dirty.add(userId);
      return current;
    }
    const run = (async () => {
      do {
        dirty.delete(userId);
        await deps.postToPages({ type: SW_MESSAGE.outboxChanged, userId, items: await list(userId) });
      } while (dirty.has(userId));
    })()
      .catch(() => undefined)
      .finally(() => broadcasts.delete(userId));
    broadcasts.set(userId, run);
    return run;
  }

  /** One at a time per user and resource, so a later write never overtakes an earlier one. */
  function inOrder<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = chains.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    chains.set(key, tail);
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key);
    });
    return next;
  }

  async function hasWaiting(userId: string, resource: string): Promise<boolean> {
    const all = await store.listUser(userId);
    return all.some((record) => record.resource === resource && record.state === 'waiting');
  }

  function queuedResponse(id: string): Response {
    const body: QueuedResponse = { queued: true, idempotency_key: id };
    return new Response(JSON.stringify(body), { status: 202, headers: { 'content-type': 'application/json' } });
  }

  async function queue(record: OutboxRecord, failure: OutboxRecord['error'], behindOthers: boolean): Promise<Response> {
    // After a failed attempt, wait a little before the next; behind others, go when they go.
    const retryAt = failure ? deps.now() + FIRST_RETRY_MS : null;
    await store.put({ ...record, error: failure, nextAttemptAt: retryAt, attempts: failure ? 1 : 0 });
    await deps.registerSync().catch(() => undefined);
    void broadcast(record.userId);
    if (behindOthers) void replay({ force: false });
    else scheduleTimer(FIRST_RETRY_MS);
    return queuedResponse(record.id);
  }

  async function capture(request: Request): Promise<Response> {
    const userId = userIdOfToken(bearerToken(request));
    // No user to keep it for: the page gets the network's own answer.
    if (!userId) return deps.fetch(request);
    const { record, sendNow } = await captureRequest(request, { userId, newId: deps.newId, now: deps.now(), order: nextOrder() });
    return inOrder(`${userId}\n${record.resource}`, async () => {
      if (await hasWaiting(userId, record.resource)) return queue(record, null, true);
      let response: Response;
      try {
        response = await deps.fetch(record.url, sendNow);
      } catch {
        return queue(record, { status: null, message: NO_CONNECTION }, false);
      }
      if (GATEWAY_FAILURES.has(response.status)) return queue(record, { status: response.status, message: NO_CONNECTION }, false);
      return response;
    });
  }

  function handleFetch(request: Request): Promise<Response> | null {
    return isOutboxRequest(request, deps.origin) ? capture(request) : null;
  }

  async function settle(record: OutboxRecord, change: (record: OutboxRecord) => OutboxRecord): Promise<OutboxRecord | undefined> {
    const next = await store.update(record.id, change);
    sending.delete(record.id);
    void broadcast(record.userId);
    return next;
  }

  const retryLater = (status: number | null, message: string) => (record: OutboxRecord) => {
    const attempts = record.attempts + 1;
    return { ...record, attempts, nextAttemptAt: deps.now() + retryDelay(attempts), error: { status, message } };
  };

  async function send(record: OutboxRecord, mirrored: MirroredToken): Promise<SendOutcome> {
    const headers = new Headers(record.headers);
    headers.set('authorization', `Bearer ${mirrored.token}`);
    sending.add(record.id);
    void broadcast(record.userId);
    let response: Response;
    try {
      response = await deps.fetch(record.url, { method: record.method, headers, body: record.body });
    } catch {
      await settle(record, retryLater(null, NO_CONNECTION));
      return 'retry';
    }
    const status = response.status;
    if (status >= 200 && status < 300) {
      const synced = await settle(record, (current) => ({
        ...current,
        state: 'synced',
        headers: [],
        body: null,
        syncedAt: deps.now(),
        nextAttemptAt: null,
        error: null,
      }));
      if (synced) await deps.postToPages({ type: SW_MESSAGE.outboxSynced, item: summaryOf(synced) });
      return 'done';
    }
    if (status === 401) {
      await settle(record, (current) => ({ ...current, nextAttemptAt: null, error: { status, message: WAITING_FOR_SIGN_IN } }));
      return 'unauthorised';
    }
    if (await isInFlightConflict(response)) {
      await settle(record, retryLater(status, 'The server is still processing this change.'));
      return 'retry';
    }
    if (status >= 400 && status < 500) {
      const refusal = await refusalOf(response);
      await settle(record, (current) => ({
        ...current,
        state: 'needs_attention',
        attempts: current.attempts + 1,
        nextAttemptAt: null,
        error: { status, ...refusal },
      }));
      return 'done';
    }
    await settle(record, retryLater(status, NO_CONNECTION));
    return 'retry';
  }

  type Round = { mirrored: MirroredToken; force: boolean; unauthorised: boolean; retry: boolean };

  async function drain(group: OutboxRecord[], round: Round) {
    const { mirrored } = round;
    for (const queued of group) {
      if (round.unauthorised) return;
      // Re-read: the user may have discarded it, or logged out, since the list was taken.
      const record = await store.get(queued.id);
      if (!record || record.state !== 'waiting' || record.userId !== mirrored.userId) continue;
      // Waiting out a backoff (unless a trigger says the network is back): the rest of this resource waits behind it.
      if (!round.force && record.nextAttemptAt !== null && record.nextAttemptAt > deps.now()) return;
      const result = await send(record, mirrored);
      if (result === 'unauthorised') {
        round.unauthorised = true;
        refusedToken = mirrored.token;
        return;
      }
      if (result === 'retry') {
        round.retry = true;
        return;
      }
    }
  }

  function scheduleTimer(delay: number): void {
    if (timer !== null) deps.clearTimer(timer);
    timer = deps.setTimer(
      () => {
        timer = null;
        void replay({ force: false });
      },
      Math.max(0, delay),
    );
  }

  async function replayOnce(force: boolean): Promise<ReplayResult> {
    const mirrored = await store.getToken();
    if (!mirrored || mirrored.token === refusedToken) return { retryLater: false };
    const waiting = (await records(mirrored.userId)).filter((record) => record.state === 'waiting').sort(byQueueOrder);
    const groups = new Map<string, OutboxRecord[]>();
    for (const record of waiting) groups.set(record.resource, [...(groups.get(record.resource) ?? []), record]);
    const round: Round = { mirrored, force, unauthorised: false, retry: false };
    await Promise.all([...groups.values()].map((group) => drain(group, round)));
    await broadcast(mirrored.userId);
    if (!round.unauthorised) {
      const still = (await store.listUser(mirrored.userId)).filter((record) => record.state === 'waiting');
      const next = Math.min(...still.map((record) => record.nextAttemptAt ?? deps.now()));
      if (still.length > 0) scheduleTimer(next - deps.now());
    }
    return { retryLater: round.retry };
  }

  /**
   * Single-flight: a call while a replay runs makes it run once more when it ends. A trigger
   * (Background Sync, a page online, a new token, the worker starting, Retry) forces: items
   * waiting out a backoff go now. Timers and writes queued behind others respect the backoff.
   */
  function replay({ force = true }: { force?: boolean } = {}): Promise<ReplayResult> {
    if (running) {
      runAgain = true;
      forceAgain ||= force;
      return running;
    }
    running = (async () => {
      let result = await replayOnce(force);
      while (runAgain) {
        const forced = forceAgain;
        runAgain = false;
        forceAgain = false;
        result = await replayOnce(forced);
      }
      return result;
    })().finally(() => {
      running = null;
      // A trigger that arrived between the last round and this line still gets its round.
      if (runAgain) {
        const forced = forceAgain;
        runAgain = false;
        forceAgain = false;
        void replay({ force: forced });
      }
    });
    return running;
  }

  async function setToken(token: string | null, userId: string | null): Promise<void> {
    const owner = userId ?? userIdOfToken(token);
    await store.setToken(token && owner ? { token, userId: owner } : null);
    if (token && owner) await replay();
  }

  async function retry(id: string): Promise<void> {
    const record = await store.update(id, (current) =>
      current.state === 'synced' ? current : { ...current, state: 'waiting', nextAttemptAt: null, error: null },
    );
    if (!record) return;
    await broadcast(record.userId);
    await replay();
  }

  async function discard(id: string): Promise<void> {
    const record = await store.get(id);
    if (!record) return;
    await store.delete(id);
    await broadcast(record.userId);
  }

  async function clearUser(userId: string): Promise<void> {
    await store.clearUser(userId);
    await broadcast(userId);
  }

  return { handleFetch, replay, setToken, list, retry, discard, clearUser };
}

export type Outbox = ReturnType<typeof createOutbox>;
