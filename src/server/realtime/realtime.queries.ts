// The realtime event table (migration 0006): written by publish(), read by id for fan-out
// and replay. Not a tenant table: callers name the channel, and delivery checks it.
import { sql, type ColumnType, type Generated } from 'kysely';
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
}

declare module '../db/schema' {
  interface Database {
    realtime_events: RealtimeEventTable;
  }
}

/** The channel every server LISTENs on; the message is the event's id. */
export const REALTIME_NOTIFY_CHANNEL = 'stafflane_events';

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
