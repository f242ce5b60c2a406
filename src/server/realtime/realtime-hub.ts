// The sockets of this server process and what they hear. Event ids NOTIFYed by
// any server are batched for a few milliseconds, read once, and sent to the channel's
// subscribers here; a subscription with a last event id is replayed from the event table
// first, holding live events until the replay is done. Every socket remembers the recent
// ids it was sent per channel, so an event reaching it by replay and live is sent once.
import type { Logger } from 'pino';
import type { RealtimeEvent, RealtimeServerMessage } from '../../shared/realtime';
import { compareEventIds, REALTIME_CLOSE } from '../../shared/realtime';
import { withSystem, type Db } from '../db/database';
import {
  findLiveRealtimeSessions,
  findRealtimeEventIdsAfter,
  findRealtimeEventsAfter,
  findRealtimeEventsByIds,
  getReplayBounds,
  type StoredRealtimeEvent,
} from './realtime.queries';

/** Live ids NOTIFYed within this window are read with one query. */
const BATCH_MS = 5;
export const REPLAY_PAGE_SIZE = 500;
/** How many recent ids per channel a socket remembers to drop a second copy (replay vs live, catch-up). */
const SEEN_IDS_PER_CHANNEL = 1024;
/** After a lost LISTEN connection, catch-up reaches this far below the last id seen (commits land out of id order). */
const CATCH_UP_MARGIN = 200;
const CATCH_UP_LIMIT = 10_000;
/** A socket that does not keep up with this much unsent data is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** What the hub needs of a socket. */
export type HubSocket = {
  send: (text: string) => void;
  close: (code: number, reason: string) => void;
  bufferedAmount: () => number;
};

type Subscription = { channel: string; replaying: boolean; held: StoredRealtimeEvent[]; seen: Set<string> };
type Client = { socket: HubSocket; sessionId: string; subscriptions: Map<string, Subscription>; closed: boolean };

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

export function toRealtimeEvent(row: StoredRealtimeEvent): RealtimeEvent {
  return { id: row.id, channel: row.channel, event: row.event, invalidates: row.invalidates, payload: row.payload };
}

export function serverMessage(message: RealtimeServerMessage): string {
  return JSON.stringify(message);
}

/** Event ids as the client sends them: a non-negative whole number without leading zeros. */
export const EVENT_ID_PATTERN = /^(0|[1-9]\d{0,18})$/;

function remember(subscription: Subscription, id: string): boolean {
  if (subscription.seen.has(id)) return false;
  subscription.seen.add(id);
  if (subscription.seen.size > SEEN_IDS_PER_CHANNEL) {
    // Sets iterate in insertion order: the oldest remembered id goes first.
    const oldest = subscription.seen.values().next().value;
    if (oldest !== undefined) subscription.seen.delete(oldest);
  }
  return true;
}

export function createRealtimeHub(options: {
  db: Db;
  logger: Logger;
  idleSeconds: number;
  sessionCheckMs: number;
  /** Called with every batch of live ids after delivery (the Ably forwarder). */
  afterBatch?: (ids: string[]) => void;
}) {
  const { db, logger } = options;
  const clients = new Map<HubSocket, Client>();
  const byChannel = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  const sessionTimers = new Map<string, NodeJS.Timeout>();
  let pending: string[] = [];
  let batchTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  /** The highest event id delivered live here: where a catch-up starts. */
  let lastSeenId: string | null = null;
  let checkTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  function send(client: Client, text: string): void {
    if (client.closed) return;
    if (client.socket.bufferedAmount() > MAX_BUFFERED_BYTES) {
      logger.warn({ sessionId: client.sessionId }, 'Realtime socket too slow to keep up: closed.');
      end(client, 1013, 'too slow');
      return;
    }
    client.socket.send(text);
  }

  function end(client: Client, code: number, reason: string): void {
    if (client.closed) return;
    client.closed = true;
    client.socket.close(code, reason);
    remove(client);
  }

  function remove(client: Client): void {
    client.closed = true;
    clients.delete(client.socket);
    for (const channel of client.subscriptions.keys()) {
      const set = byChannel.get(channel);
      set?.delete(client);
      if (set && !set.size) byChannel.delete(channel);
    }
    const sessionClients = bySession.get(client.sessionId);
    sessionClients?.delete(client);
    if (sessionClients && !sessionClients.size) {
      bySession.delete(client.sessionId);
      const timer = sessionTimers.get(client.sessionId);
      if (timer) clearTimeout(timer);
      sessionTimers.delete(client.sessionId);
    }
  }

  function deliver(event: StoredRealtimeEvent): void {
    const subscribers = byChannel.get(event.channel);
    if (!subscribers?.size) return;
    const text = serverMessage({ type: 'event', event: toRealtimeEvent(event) });
    for (const client of subscribers) {
      const subscription = client.subscriptions.get(event.channel);
      if (!subscription) continue;
      if (subscription.replaying) subscription.held.push(event);
      else if (remember(subscription, event.id)) send(client, text);
    }
  }

  async function flush(): Promise<void> {
    while (pending.length && !stopped) {
      const ids = [...new Set(pending)];
      pending = [];
      try {
        const events = await findRealtimeEventsByIds(db, ids);
        for (const event of events) {
          if (lastSeenId === null || compareEventIds(event.id, lastSeenId) > 0) lastSeenId = event.id;
          deliver(event);
        }
      } catch (error) {
        // The ids stay wanted: try them again with the next batch.
        logger.error({ err: error }, 'Could not read realtime events for delivery; retrying.');
        pending.push(...ids);
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      options.afterBatch?.(ids);
    }
  }

  function scheduleFlush(): void {
    if (batchTimer || flushing) return;
    batchTimer = setTimeout(() => {
      batchTimer = null;
      flushing = flush().finally(() => {
        flushing = null;
        if (pending.length) scheduleFlush();
      });
    }, BATCH_MS);
  }

  /** Ids NOTIFYed on the events channel (any server's commits). */
  function eventsNotified(ids: string[]): void {
    pending.push(...ids);
    scheduleFlush();
  }

  /** The LISTEN connection came (back): learn where the stream is, or fetch what was missed. */
  async function listening(reconnected: boolean): Promise<void> {
    try {
      if (!reconnected || lastSeenId === null) {
        const bounds = await getReplayBounds(db);
        if (lastSeenId === null) lastSeenId = bounds.newest;
        if (!reconnected) return;
      }
      const from = BigInt(lastSeenId ?? '0') - BigInt(CATCH_UP_MARGIN);
      const ids = await findRealtimeEventIdsAfter(db, { after: (from < 0n ? 0n : from).toString(), limit: CATCH_UP_LIMIT });
      if (ids.length) eventsNotified(ids);
      // Ended sessions NOTIFYed while nobody listened: check every open one now.
      await checkSessions();
    } catch (error) {
      logger.error({ err: error }, 'Realtime catch-up after reconnecting failed.');
    }
  }

  function sessionEnded(sessionId: string): void {
    for (const client of [...(bySession.get(sessionId) ?? [])]) end(client, REALTIME_CLOSE.sessionEnded, 'session ended');
  }

  /** Every open socket's session, checked again in one query; those ending soon get a timer of their own. */
  async function checkSessions(only?: string[]): Promise<void> {
    const sessionIds = only ?? [...bySession.keys()];
    if (!sessionIds.length) return;
    const live = await withSystem(db, (trx) => findLiveRealtimeSessions(trx, { sessionIds, idleSeconds: options.idleSeconds }));
    const liveIds = new Set(live.map((session) => session.id));
    for (const id of sessionIds) if (!liveIds.has(id)) sessionEnded(id);
    for (const session of live) {
      const inMs = session.endsAt.getTime() - Date.now();
      if (inMs > options.sessionCheckMs * 2 || sessionTimers.has(session.id) || !bySession.has(session.id)) continue;
      const timer = setTimeout(
        () => {
          sessionTimers.delete(session.id);
          checkSessions([session.id]).catch((error: unknown) => logger.error({ err: error }, 'Realtime session check failed.'));
        },
        Math.max(0, inMs) + 20,
      );
      timer.unref();
      sessionTimers.set(session.id, timer);
    }
  }

  function join(socket: HubSocket, sessionId: string): void {
    const existing = clients.get(socket);
    if (existing) return;
    const client: Client = { socket, sessionId, subscriptions: new Map(), closed: false };
    clients.set(socket, client);
    let set = bySession.get(sessionId);
    if (!set) bySession.set(sessionId, (set = new Set()));
    set.add(client);
  }

  function leave(socket: HubSocket): void {
    const client = clients.get(socket);
    if (client) remove(client);
  }

  /**
   * Starts live delivery of a channel to the socket; with `lastEventId`, first replays every
   * later event of the channel in id order (or answers `reset` when the id is before the
   * retention's watermark or beyond any stored id). Then `subscribed` (naming the newest event id
   * when there was no `lastEventId`), then what was held.
   */
  async function subscribe(socket: HubSocket, channel: string, lastEventId: string | null | undefined): Promise<void> {
    const client = clients.get(socket);
    if (!client || client.closed) return;
    let subscription = client.subscriptions.get(channel);
    if (!subscription) {
      subscription = { channel, replaying: false, held: [], seen: new Set() };
      client.subscriptions.set(channel, subscription);
      let set = byChannel.get(channel);
      if (!set) byChannel.set(channel, (set = new Set()));
      set.add(client);
    }
    let newest: string | undefined;
    if (lastEventId !== undefined && lastEventId !== null) {
      subscription.replaying = true;
      try {
        await replay(client, subscription, lastEventId);
      } finally {
        subscription.replaying = false;
      }
    } else newest = (await getReplayBounds(db)).newest;
    if (client.closed) return;
    send(
      client,
      serverMessage(newest === undefined ? { type: 'subscribed', channel } : { type: 'subscribed', channel, last_event_id: newest }),
    );
    const held = subscription.held.sort((a, b) => compareEventIds(a.id, b.id));
    subscription.held = [];
    for (const event of held) {
      if (remember(subscription, event.id)) send(client, serverMessage({ type: 'event', event: toRealtimeEvent(event) }));
    }
  }

  async function replay(client: Client, subscription: Subscription, lastEventId: string): Promise<void> {
    const { channel } = subscription;
    const bounds = EVENT_ID_PATTERN.test(lastEventId) ? await getReplayBounds(db) : null;
    if (!bounds || compareEventIds(lastEventId, bounds.deletedThrough) < 0 || compareEventIds(lastEventId, bounds.newest) > 0) {
      send(client, serverMessage({ type: 'reset', channel, last_event_id: bounds?.newest ?? '0' }));
      return;
    }
    let after = lastEventId;
    for (;;) {
      const page = await findRealtimeEventsAfter(db, { channel, after, limit: REPLAY_PAGE_SIZE });
      if (client.closed) return;
      for (const event of page) {
        if (remember(subscription, event.id)) send(client, serverMessage({ type: 'event', event: toRealtimeEvent(event) }));
      }
      const last = page.at(-1);
      if (!last || page.length < REPLAY_PAGE_SIZE) return;
      after = last.id;
    }
  }

  function start(): void {
    checkTimer = setInterval(() => {
      checkSessions().catch((error: unknown) => logger.error({ err: error }, 'Realtime session check failed.'));
    }, options.sessionCheckMs);
    checkTimer.unref();
  }

  async function stop(): Promise<void> {
    stopped = true;
    if (checkTimer) clearInterval(checkTimer);
    if (batchTimer) clearTimeout(batchTimer);
    for (const timer of sessionTimers.values()) clearTimeout(timer);
    sessionTimers.clear();
    await flushing;
  }

  return {
    join,
    leave,
    subscribe,
    eventsNotified,
    sessionEnded,
    listening,
    checkSessions,
    start,
    stop,
    /** Sockets currently joined (for logs and the benchmark). */
    size: () => clients.size,
  };
}
