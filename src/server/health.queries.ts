// The health check's one question of the database: does it answer at all.
import { sql } from 'kysely';
import type { DbOrTrx } from './db/database';

/** Throws when the database does not answer. */
export async function pingDatabase(db: DbOrTrx): Promise<void> {
  await sql`select 1`.execute(db);
}
