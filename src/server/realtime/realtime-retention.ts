// Retention of the event table (REALTIME_RETENTION_DAYS): each server deletes older events
// hourly and raises the watermark that turns a replay from before it into "reset".
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { deleteExpiredRealtimeEvents } from './realtime.queries';

const CLEANUP_INTERVAL_MS = 60 * 60_000;

export function cleanUpRealtimeEvents(db: Db, retentionDays: number): Promise<{ deleted: number; deletedThrough: string }> {
  return deleteExpiredRealtimeEvents(db, { retentionDays });
}

/** pg-boss takes this over once jobs exist; until then each server sweeps hourly (as idempotency keys do). */
export function scheduleRealtimeRetention(app: FastifyInstance, db: Db, retentionDays: number): void {
  const timer = setInterval(() => {
    cleanUpRealtimeEvents(db, retentionDays).catch((error: unknown) =>
      app.log.error({ err: error }, 'Could not delete expired realtime events.'),
    );
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
