// Messages between the page and the service worker. Both sides import this file, so a
// message type is spelled once. Replies to a request (outbox list) travel on the
// MessagePort sent with it (event.ports[0]).

export const SW_MESSAGE = {
  /** Page → waiting worker: take over now (the user accepted the "new version" prompt). */
  skipWaiting: 'SKIP_WAITING',
  /** Page → worker: the current access token and its user (null on logout). Replays use only this token. */
  setToken: 'SET_TOKEN',
  /** Page → worker: the page is online (Safari has no Background Sync): replay what waits. */
  replayOutbox: 'REPLAY_OUTBOX',
  /** Page → worker, reply on the port: `{ items: OutboxItemSummary[] }` for the given user. */
  listOutbox: 'LIST_OUTBOX',
  /** Page → worker: send a "needs attention" item again. */
  retryOutboxItem: 'RETRY_OUTBOX_ITEM',
  /** Page → worker: drop one item (after the user confirmed). */
  discardOutboxItem: 'DISCARD_OUTBOX_ITEM',
  /** Page → worker: logout confirmed — erase this user's outbox and the mirrored token. Reply on the port when done. */
  clearOutboxUser: 'CLEAR_OUTBOX_USER',
  /** Worker → pages: the outbox changed; here is the user's whole list. */
  outboxChanged: 'OUTBOX_CHANGED',
  /** Worker → pages: one item was accepted by the server (2xx): refresh that resource's data. */
  outboxSynced: 'OUTBOX_SYNCED',
  /** Page → worker: the route chunks the page loaded before the worker controlled it; keep them for offline. */
  cacheChunks: 'CACHE_CHUNKS',
  /**
   * Page → worker, reply on the port (`ScreensCached`): fetch every screen's code the install left
   * out (SCREEN_CHUNK_REVISION in the precache list) into the chunk cache, so every screen opens offline.
   */
  cacheScreens: 'CACHE_SCREENS',
} as const;

/**
 * The revision the build gives the route chunks outside the shell in the worker's precache list
 * (scripts/chunk-graph.ts): the worker does not install them, it fetches them when a signed-in
 * page asks (SW_MESSAGE.cacheScreens), so the install — the app opening offline — stays quick.
 */
export const SCREEN_CHUNK_REVISION = 'screen';

/** The worker's reply to SW_MESSAGE.cacheScreens: how many files of screens there are, how many it could not get. */
export type ScreensCached = { total: number; failed: number };

export type SwMessageType = (typeof SW_MESSAGE)[keyof typeof SW_MESSAGE];

export type OutboxState = 'waiting' | 'sending' | 'needs_attention' | 'synced';

/** What pages see of an outbox item (never the token; the body only while it is not yet sent). */
export type OutboxItemSummary = {
  /** The request's Idempotency-Key, which is also the item's id. */
  id: string;
  userId: string;
  /** The resource the write belongs to (as the API spells it): lists show the item, order is kept per resource. */
  resource: string;
  /** What the user did, in words ("Message to support"). */
  label: string;
  method: string;
  /** Path and query, e.g. /api/contact-us. */
  url: string;
  state: OutboxState;
  /** ISO times. */
  createdAt: string;
  nextAttemptAt: string | null;
  syncedAt: string | null;
  attempts: number;
  /** The server's refusal (needs_attention, with its field errors when it named fields) or the last transient failure. */
  error: { status: number | null; message: string; fields?: Record<string, string[]> } | null;
  /** The form that made it (a path), which the outbox opens with the queued values to correct a refusal. */
  form?: string;
  /**
   * What the outbox's button that opens `form` says when that form does not hold the queued values
   * to correct (a signature's form opens the document's current version); "Correct" when absent.
   */
  formAction?: string;
  /** The JSON body while unsent (so a list can show the record); undefined for files and once synced. */
  body?: unknown;
  /**
   * A refused multipart write's parts (a report with its photo, a receipt's file), so the form
   * that corrects it gets back what was typed and chosen; only while the item needs attention.
   */
  parts?: OutboxParts;
};

/** A multipart body taken apart: its text fields by name, and its files in the order sent. */
export type OutboxParts = { fields: Record<string, string>; files: { name: string; file: File }[] };

export type SwMessage =
  | { type: typeof SW_MESSAGE.skipWaiting }
  | { type: typeof SW_MESSAGE.setToken; token: string | null; userId: string | null }
  | { type: typeof SW_MESSAGE.replayOutbox }
  | { type: typeof SW_MESSAGE.listOutbox; userId: string }
  | { type: typeof SW_MESSAGE.retryOutboxItem; id: string }
  | { type: typeof SW_MESSAGE.discardOutboxItem; id: string }
  | { type: typeof SW_MESSAGE.clearOutboxUser; userId: string }
  | { type: typeof SW_MESSAGE.outboxChanged; userId: string; items: OutboxItemSummary[] }
  | { type: typeof SW_MESSAGE.outboxSynced; item: OutboxItemSummary }
  | { type: typeof SW_MESSAGE.cacheChunks; urls: string[] }
  | { type: typeof SW_MESSAGE.cacheScreens };

export function isSwMessage(value: unknown): value is SwMessage {
  return (
    typeof value === 'object' && value !== null && Object.values<string>(SW_MESSAGE).includes((value as { type?: unknown }).type as string)
  );
}

// ---- Queueable writes ----
// A page marks a write queueable with these headers; the worker queues it when the network
// fails and answers 202 with QueuedResponse. The server ignores them.

// The headers themselves are in src/shared/constants.ts (OUTBOX_RESOURCE_HEADER,
// OUTBOX_LABEL_HEADER), beside the Idempotency-Key's, so the api client needs nothing else here.

export type QueuedResponse = { queued: true; idempotency_key: string };

export function isQueuedResponse(value: unknown): value is QueuedResponse {
  return typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;
}
