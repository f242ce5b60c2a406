import { sql } from 'kysely';
import { createDb, createPool } from '../db/database';

// Any fixed number, distinct from the migrations' own.
const JOBS_SETUP_LOCK = 7_264_012;

/**
 * Runs `fn` while holding a session lock on the database, so servers starting together set
 * up pg-boss one at a time: its queue creation adds a partition to one shared table, and two
 * servers adding different queues at once deadlock.
 */
export async function withJobsSetupLock<T>(ownerUrl: string, fn: () => Promise<T>): Promise<T> {
  // Named as the job runner's other connections (pg-boss's, the wake listener's).
  const url = new URL(ownerUrl);
  url.searchParams.set('application_name', 'stafflane-jobs');
  const db = createDb(createPool(url.toString(), { max: 1 }));
  try {
    return await db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${JOBS_SETUP_LOCK})`.execute(connection);
      try {
        return await fn();
      } finally {
        await sql`SELECT pg_advisory_unlock(${JOBS_SETUP_LOCK})`.execute(connection);
      }
    });
  } finally {
    await db.destroy();
  }
}
