// Test-only SQL on idempotency_keys: counting rows and ageing them, to stage expired and
// stale claims without waiting days or minutes.
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';

export async function countIdempotencyKeys(db: Db, options: { userId?: string } = {}): Promise<number> {
  let query = db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number>().as('count'));
  if (options.userId) query = query.where('user_id', '=', options.userId);
  return (await query.executeTakeFirstOrThrow()).count;
}

export async function insertIdempotencyKeyRow(
  db: Db,
  row: { userId: string; key: string; state: 'in_flight' | 'done'; ageSeconds: number; expiresInSeconds: number },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: row.userId,
      key: row.key,
      request_hash: 'staged',
      state: row.state,
      response_status: row.state === 'done' ? 201 : null,
      response_headers: row.state === 'done' ? JSON.stringify({ 'content-type': 'application/json; charset=utf-8' }) : null,
      response_body: row.state === 'done' ? '{"staged":true}' : null,
      created_at: sql<Date>`now() - make_interval(secs => ${row.ageSeconds})`,
      expires_at: sql<Date>`now() + make_interval(secs => ${row.expiresInSeconds})`,
    })
    .execute();
}

/** Moves a stored key's expiry into the past. */
export async function expireIdempotencyKey(db: Db, ref: { userId: string; key: string }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ expires_at: sql<Date>`now() - interval '1 second'` })
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .execute();
}

/** Turns a stored key back into a claim taken `ageSeconds` ago whose request never finished. */
export async function markIdempotencyKeyInFlight(db: Db, ref: { userId: string; key: string; ageSeconds: number }): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'in_flight',
      response_status: null,
      response_headers: null,
      response_body: null,
      created_at: sql<Date>`now() - make_interval(secs => ${ref.ageSeconds})`,
    })
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .execute();
}
