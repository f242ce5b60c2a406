// The realtime event table (migrations 0006, 0010): written by publish(), read by id for
// fan-out and replay, trimmed by retention, claimed once for Ably. Not a tenant table:
// callers name the channel, and delivery checks it. Ids travel as strings (bigint).
import { sql, type ColumnType, type Generated } from 'kysely';
import { compareEventIds } from '../../shared/realtime';
import type { DbOrTrx } from '../db/database';

export interface RealtimeEventTable {
  id: ColumnType<number, never, never>;
  channel: string;
  event: string;
  invalidates: string[];
  /** Written as JSON text; read back parsed. */
  payload: ColumnType<unknown, string | null, string | null>;
  company_id: string | null;
  created_at: Generated<Date>;
  /** Set by the one server that claimed the event for publishing to Ably. */
  forwarded_at: ColumnType<Date | null, never, Date | null>;
}

export interface RealtimeWatermarkTable {
  singleton: ColumnType<boolean, never, never>;
  deleted_through: ColumnType<number, never, number>;
}

declare module '../db/schema' {
  interface Database {
    realtime_events: RealtimeEventTable;
    realtime_watermark: RealtimeWatermarkTable;
  }
}

/** The channel every server LISTENs on; the message is the event's id. */
export const REALTIME_NOTIFY_CHANNEL = 'stafflane_events';
/** Migration 0010's triggers NOTIFY a session's id here when it is revoked or deleted, or its user blocked. */
export const SESSION_ENDED_NOTIFY_CHANNEL = 'stafflane_sessions';

export type StoredRealtimeEvent = { id: string; channel: string; event: string; invalidates: string[]; payload: unknown };

/**
 * Inserts the event and queues its NOTIFY in one round trip. PostgreSQL delivers the NOTIFY
 * only when the caller's transaction commits, and never when it rolls back.
 */
export async function insertRealtimeEvent(
  db: DbOrTrx,
  event: { channel: string; event: string; invalidates: string[]; payload: unknown; companyId: string | null },
): Promise<StoredRealtimeEvent> {
  const { rows } = await sql<StoredRealtimeEvent>`
    WITH e AS (
      INSERT INTO realtime_events (channel, event, invalidates, payload, company_id)
      VALUES (${event.channel}, ${event.event}, ${event.invalidates}::text[],
              ${event.payload == null ? null : JSON.stringify(event.payload)}::jsonb, ${event.companyId})
      RETURNING id, channel, event, invalidates, payload
    )
    SELECT e.id::text AS id, e.channel, e.event, e.invalidates, e.payload, pg_notify(${REALTIME_NOTIFY_CHANNEL}, e.id::text) AS notified
    FROM e`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('realtime event was not stored');
  return { id: row.id, channel: row.channel, event: row.event, invalidates: row.invalidates, payload: row.payload };
}

// Ordering is always by the table's bigint column (`realtime_events.id`): a bare `ORDER BY id`
// would sort the text alias, putting 10 before 9.
const eventColumns = sql`id::text AS id, channel, event, invalidates, payload`;

/** The events with these ids (those still stored), oldest first. */
export async function findRealtimeEventsByIds(db: DbOrTrx, ids: readonly string[]): Promise<StoredRealtimeEvent[]> {
  if (!ids.length) return [];
  const { rows } = await sql<StoredRealtimeEvent>`
    SELECT ${eventColumns} FROM realtime_events WHERE id = ANY(${ids}::bigint[]) ORDER BY realtime_events.id`.execute(db);
  return rows;
}

/** One channel's events after an id, oldest first (replay). */
export async function findRealtimeEventsAfter(
  db: DbOrTrx,
  input: { channel: string; after: string; limit: number },
): Promise<StoredRealtimeEvent[]> {
  const { rows } = await sql<StoredRealtimeEvent>`
    SELECT ${eventColumns} FROM realtime_events
    WHERE channel = ${input.channel} AND id > ${input.after}::bigint
    ORDER BY realtime_events.id LIMIT ${input.limit}`.execute(db);
  return rows;
}

/** Ids of every event after `after`, oldest first: what a server missed while its LISTEN connection was down. */
export async function findRealtimeEventIdsAfter(db: DbOrTrx, input: { after: string; limit: number }): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM realtime_events WHERE id > ${input.after}::bigint ORDER BY realtime_events.id LIMIT ${input.limit}`.execute(
    db,
  );
  return rows.map((row) => row.id);
}

/**
 * What a replay may promise: events after `deletedThrough` are all still stored, and no
 * event has an id above `newest` (as far as this transaction can see).
 */
export async function getReplayBounds(db: DbOrTrx): Promise<{ deletedThrough: string; newest: string }> {
  const { rows } = await sql<{ deleted_through: string; newest: string }>`
    SELECT w.deleted_through::text AS deleted_through,
           greatest(w.deleted_through, (SELECT coalesce(max(id), 0) FROM realtime_events))::text AS newest
    FROM realtime_watermark w`.execute(db);
  const row = rows[0];
  return { deletedThrough: row?.deleted_through ?? '0', newest: row?.newest ?? '0' };
}

/**
 * Deletes events older than the retention and raises the watermark to the highest id
 * deleted. Everything up to that id goes (not only rows older than the cut-off), so the
 * watermark means exactly "nothing at or below it is left".
 */
export async function deleteExpiredRealtimeEvents(
  db: DbOrTrx,
  input: { retentionDays: number },
): Promise<{ deleted: number; deletedThrough: string }> {
  const { rows } = await sql<{ deleted: number; deleted_through: string }>`
    WITH cut AS (
      SELECT max(id) AS id FROM realtime_events WHERE created_at < now() - make_interval(days => ${input.retentionDays})
    ), gone AS (
      DELETE FROM realtime_events WHERE id <= (SELECT id FROM cut) RETURNING id
    ), raised AS (
      UPDATE realtime_watermark SET deleted_through = greatest(deleted_through, coalesce((SELECT max(id) FROM gone), 0))
      RETURNING deleted_through
    )
    SELECT (SELECT count(*) FROM gone)::int AS deleted, (SELECT deleted_through FROM raised)::text AS deleted_through`.execute(db);
  const row = rows[0];
  return { deleted: row?.deleted ?? 0, deletedThrough: row?.deleted_through ?? '0' };
}

/** Claims the events no server has forwarded yet: each id is returned to exactly one caller. */
export async function claimRealtimeEventsForForwarding(db: DbOrTrx, ids: readonly string[]): Promise<StoredRealtimeEvent[]> {
  if (!ids.length) return [];
  const { rows } = await sql<StoredRealtimeEvent>`
    UPDATE realtime_events SET forwarded_at = now()
    WHERE id = ANY(${ids}::bigint[]) AND forwarded_at IS NULL
    RETURNING ${eventColumns}`.execute(db);
  return rows.sort((a, b) => compareEventIds(a.id, b.id));
}

/** Gives claimed events back after a failed publish, so a later attempt (by any server) takes them. */
export async function releaseRealtimeEventsForwarding(db: DbOrTrx, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await sql`UPDATE realtime_events SET forwarded_at = NULL WHERE id = ANY(${ids}::bigint[])`.execute(db);
}

/** Recent events not yet forwarded (their publish failed, or their server stopped first). */
export async function findUnforwardedRealtimeEventIds(db: DbOrTrx, input: { withinSeconds: number; limit: number }): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM realtime_events
    WHERE forwarded_at IS NULL AND created_at > now() - make_interval(secs => ${input.withinSeconds})
    ORDER BY realtime_events.id LIMIT ${input.limit}`.execute(db);
  return rows.map((row) => row.id);
}

export type LiveRealtimeSession = { id: string; userId: string; endsAt: Date };

/**
 * Of these sessions, the ones still live by the same rule every request uses
 * (app_session_context, a user neither terminated nor locked, a company neither on hold nor
 * disabled), with the moment each ends unless something else ends it first. Runs in the
 * system scope (grants are tenant rows).
 */
export async function findLiveRealtimeSessions(
  trx: DbOrTrx,
  input: { sessionIds: readonly string[]; idleSeconds: number },
): Promise<LiveRealtimeSession[]> {
  if (!input.sessionIds.length) return [];
  const { rows } = await sql<{ id: string; user_id: string; ends_at: Date }>`
    SELECT c.id, c.user_id,
           least(s.expires_at, s.last_seen_at + make_interval(secs => ${input.idleSeconds}), r.ends_at) AS ends_at
    FROM unnest(${input.sessionIds}::uuid[]) AS x(id)
    CROSS JOIN LATERAL app_session_context(x.id, ${input.idleSeconds}) c
    JOIN sessions s ON s.id = c.id
    LEFT JOIN access_requests r ON r.id = s.access_request_id
    WHERE c.status NOT IN ('terminated', 'locked') AND (c.company_status IS NULL OR c.company_status = 'active')`.execute(trx);
  return rows.map((row) => ({ id: row.id, userId: row.user_id, endsAt: row.ends_at }));
}
