// Stored first responses of idempotent writes (table idempotency_keys, one row per user and
// key). A claim is identified by its `created_at`, truncated to milliseconds so that it
// survives the round trip through a JavaScript Date.
import { sql } from 'kysely';
import type { Db } from '../db/database';

export type IdempotencyClaim = { userId: string; key: string; claimedAt: Date };
export type ClaimRequest = { userId: string; key: string; requestHash: string; retentionDays: number };
export type StoredIdempotencyKey = {
  requestHash: string;
  state: 'in_flight' | 'done';
  status: number | null;
  contentType: string | null;
  body: string | null;
};
export type StoredResponse = { status: number; contentType: string | null; body: string };

const claimedNow = sql<Date>`date_trunc('milliseconds', now())`;

/** Claims a key nobody holds; null when a row exists already (whatever its state). */
export async function insertIdempotencyClaim(db: Db, claim: ClaimRequest): Promise<Date | null> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({
      user_id: claim.userId,
      key: claim.key,
      request_hash: claim.requestHash,
      state: 'in_flight',
      created_at: claimedNow,
      expires_at: sql<Date>`now() + make_interval(days => ${claim.retentionDays})`,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .returning('created_at')
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/**
 * Takes over a row that counts as absent: expired, or an in-flight claim older than
 * `staleAfterMs` (its request died without an outcome). The row lock makes one taker win.
 */
export async function takeOverIdempotencyClaim(db: Db, claim: ClaimRequest & { staleAfterMs: number }): Promise<Date | null> {
  const row = await db
    .updateTable('idempotency_keys')
    .set({
      request_hash: claim.requestHash,
      state: 'in_flight',
      response_status: null,
      response_headers: null,
      response_body: null,
      created_at: claimedNow,
      expires_at: sql<Date>`now() + make_interval(days => ${claim.retentionDays})`,
    })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', sql<Date>`now()`),
        eb.and([
          eb('state', '=', 'in_flight'),
          eb('created_at', '<', sql<Date>`now() - make_interval(secs => ${claim.staleAfterMs / 1000})`),
        ]),
      ]),
    )
    .returning('created_at')
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** The live row of a key; expired rows count as absent. */
export async function getIdempotencyKey(db: Db, ref: { userId: string; key: string }): Promise<StoredIdempotencyKey | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_headers', 'response_body'])
    .where('user_id', '=', ref.userId)
    .where('key', '=', ref.key)
    .where('expires_at', '>=', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    requestHash: row.request_hash,
    state: row.state,
    status: row.response_status,
    contentType: row.response_headers?.['content-type'] ?? null,
    body: row.response_body,
  };
}

/** Records the outcome of a claim; a no-op when the claim was taken over meanwhile. */
export async function completeIdempotencyClaim(db: Db, claim: IdempotencyClaim & { response: StoredResponse }): Promise<void> {
  const headers = claim.response.contentType ? { 'content-type': claim.response.contentType } : {};
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: claim.response.status,
      response_headers: JSON.stringify(headers),
      response_body: claim.response.body,
    })
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('state', '=', 'in_flight')
    .where('created_at', '=', claim.claimedAt)
    .execute();
}

/** Gives a claim up so that a retry runs the request again. */
export async function releaseIdempotencyClaim(db: Db, claim: IdempotencyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', claim.userId)
    .where('key', '=', claim.key)
    .where('state', '=', 'in_flight')
    .where('created_at', '=', claim.claimedAt)
    .execute();
}

/** Deletes rows past their 30 days; returns how many went. */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
