// Stores, in IndexedDB (database 'stafflane-realtime', store 'last-event-ids'), one entry per
// user: the id of the last event seen on each of their channels, so a reconnect or a reopened
// app asks the server for exactly what it missed. The same cursors drop an event seen twice
// (the Ably transport's replay and live messages overlap). Erased with the user's other data.
import { compareEventIds, type RealtimeEvent } from '../../shared/realtime';
import { createStore, del, get, update, type UseStore } from 'idb-keyval';
import { registerSessionDataEraser } from '../offline/session-data';

type StoredIds = Record<string, string>;

/** Ids remembered per channel to drop a duplicate that arrives after a later event. */
const SEEN_IDS_KEPT = 500;

let idStore: UseStore | null = null;
/** Opened on first use: importing this module never touches IndexedDB. */
function store(): UseStore {
  idStore ??= createStore('stafflane-realtime', 'last-event-ids');
  return idStore;
}

function later(a: string | undefined, b: string): string {
  return a !== undefined && compareEventIds(a, b) >= 0 ? a : b;
}

export function readLastEventIds(userId: string): Promise<StoredIds> {
  return get<StoredIds>(userId, store()).then((ids) => ids ?? {});
}

export type EventCursors = {
  /** Resolves once the stored ids are loaded (never rejects: without IndexedDB nothing is replayed). */
  ready: Promise<void>;
  lastEventId(channel: string): string | null;
  /** True when the event is new: it is recorded at once in memory and, in order, in IndexedDB. */
  accept(event: RealtimeEvent): boolean;
  /** After a reset: the channel goes on from `id` (the server's newest), even below what was stored. */
  restart(channel: string, id: string): void;
  /** Resolves when every write so far is done. */
  flushed(): Promise<void>;
  /** No more writes (the session ended). */
  close(): void;
};

const openCursors = new Map<string, Set<EventCursors>>();

export function openEventCursors(userId: string): EventCursors {
  const last = new Map<string, string>();
  /** Events at or before what was stored when the session began were handled by an earlier page. */
  const floor = new Map<string, string>();
  const seen = new Map<string, Set<string>>();
  let writes: Promise<void> = Promise.resolve();
  let closed = false;

  const ready = readLastEventIds(userId)
    .then((stored) => {
      for (const [channel, id] of Object.entries(stored)) {
        floor.set(channel, id);
        last.set(channel, later(last.get(channel), id));
      }
    })
    .catch(() => undefined);

  function remember(channel: string, id: string): boolean {
    const ids = seen.get(channel) ?? new Set<string>();
    seen.set(channel, ids);
    if (ids.has(id)) return false;
    ids.add(id);
    if (ids.size > SEEN_IDS_KEPT) ids.delete(ids.values().next().value as string);
    return true;
  }

  /** `exact`: write `id` even when a later one is stored (a reset after the server's events were cleared). */
  function persist(channel: string, id: string, exact = false): void {
    writes = writes
      .then(async () => {
        if (closed) return;
        await update<StoredIds>(userId, (stored) => ({ ...stored, [channel]: exact ? id : later(stored?.[channel], id) }), store());
      })
      .catch(() => undefined);
  }

  const cursors: EventCursors = {
    ready,
    lastEventId: (channel) => last.get(channel) ?? null,
    accept(event) {
      const base = floor.get(event.channel);
      if (base !== undefined && compareEventIds(event.id, base) <= 0) return false;
      if (!remember(event.channel, event.id)) return false;
      const previous = last.get(event.channel);
      if (previous === undefined || compareEventIds(event.id, previous) > 0) {
        last.set(event.channel, event.id);
        persist(event.channel, event.id);
      }
      return true;
    },
    restart(channel, id) {
      floor.set(channel, id);
      last.set(channel, id);
      seen.delete(channel);
      persist(channel, id, true);
    },
    flushed: () => writes,
    close() {
      closed = true;
      openCursors.get(userId)?.delete(cursors);
    },
  };
  const forUser = openCursors.get(userId) ?? new Set<EventCursors>();
  forUser.add(cursors);
  openCursors.set(userId, forUser);
  return cursors;
}

/** Stops the user's open cursors writing, waits for writes under way, then deletes the entry. */
export async function eraseLastEventIds(userId: string): Promise<void> {
  const open = [...(openCursors.get(userId) ?? [])];
  for (const cursors of open) cursors.close();
  await Promise.all(open.map((cursors) => cursors.flushed()));
  await del(userId, store()).catch(() => undefined);
}

registerSessionDataEraser((userId) => eraseLastEventIds(userId));
