// Retention of the event table (REALTIME_RETENTION_DAYS): a background job (platform.jobs.ts)
// deletes older events hourly and raises the watermark that turns a replay from before it into "reset".
import type { Db } from '../db/database';
import { deleteExpiredRealtimeEvents } from './realtime.queries';

export function cleanUpRealtimeEvents(db: Db, retentionDays: number): Promise<{ deleted: number; deletedThrough: string }> {
  return deleteExpiredRealtimeEvents(db, { retentionDays });
}
