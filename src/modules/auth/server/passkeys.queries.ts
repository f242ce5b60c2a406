// Passkeys and their one-time challenges (migration 0048). Passkeys are called in the
// person's scope (their company's, or the system scope for administrators and sign-in);
// challenges only in the system scope.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';

export interface PasskeysTable {
  id: Generated<string>;
  user_id: string;
  company_id: string | null;
  name: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: Generated<string>;
  transports: Generated<string[]>;
  last_used_at: Timestamp | null;
  created_at: Generated<Date>;
}
export interface PasskeyChallengesTable {
  id: Generated<string>;
  user_id: string | null;
  purpose: 'register' | 'sign_in';
  challenge: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    passkeys: PasskeysTable;
    passkey_challenges: PasskeyChallengesTable;
  }
}

export type StoredPasskey = {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  sign_count: number;
  transports: string[];
};

export async function listPasskeys(db: DbOrTrx, userId: string) {
  return db
    .selectFrom('passkeys')
    .select([
      'id',
      'name',
      sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at'),
      sql<string | null>`to_char(last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('last_used_at'),
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The person's credential ids, so a browser does not register the same authenticator twice. */
export async function findCredentialIds(db: DbOrTrx, userId: string): Promise<{ credential_id: string; transports: string[] }[]> {
  return db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
}

export async function insertPasskey(
  db: DbOrTrx,
  input: {
    userId: string;
    companyId: string | null;
    name: string;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
  },
) {
  return db
    .insertInto('passkeys')
    .values({
      user_id: input.userId,
      company_id: input.companyId,
      name: input.name,
      credential_id: input.credentialId,
      public_key: input.publicKey,
      sign_count: String(input.signCount),
      transports: input.transports,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(['id', 'name', sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('created_at')])
    .executeTakeFirst();
}

export async function findPasskeyByCredential(db: DbOrTrx, credentialId: string): Promise<StoredPasskey | undefined> {
  const row = await db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'sign_count', 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
  return row && { ...row, sign_count: Number(row.sign_count) };
}

/**
 * Records a use: the counter moves only forwards (one statement, so two sign-ins racing with
 * one signature cannot both pass a counter check); false when it did not.
 */
export async function recordPasskeyUse(db: DbOrTrx, input: { id: string; expected: number; signCount: number }): Promise<boolean> {
  const row = await db
    .updateTable('passkeys')
    .set({ sign_count: String(input.signCount), last_used_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where(sql<boolean>`sign_count = ${input.expected}`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePasskey(db: DbOrTrx, input: { userId: string; id: string }): Promise<{ name: string } | undefined> {
  return db.deleteFrom('passkeys').where('id', '=', input.id).where('user_id', '=', input.userId).returning('name').executeTakeFirst();
}

export async function deleteUserPasskeys(db: DbOrTrx, userId: string): Promise<number> {
  const rows = await db.deleteFrom('passkeys').where('user_id', '=', userId).returning('id').execute();
  return rows.length;
}

export async function createPasskeyChallenge(
  db: DbOrTrx,
  input: { userId: string | null; purpose: 'register' | 'sign_in'; challenge: string; ttlSeconds: number },
): Promise<string> {
  // Old challenges are of no use to anyone: they go as new ones are made.
  await db
    .deleteFrom('passkey_challenges')
    .where('expires_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  const row = await db
    .insertInto('passkey_challenges')
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      challenge: input.challenge,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Uses up the live challenge with this value (single use) for this person (null: a sign-in,
 * nobody yet); false when it is used, expired, someone else's or was never issued.
 */
export async function takePasskeyChallenge(
  db: DbOrTrx,
  input: { challenge: string; purpose: 'register' | 'sign_in'; userId: string | null },
): Promise<boolean> {
  let query = db
    .updateTable('passkey_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('challenge', '=', input.challenge)
    .where('purpose', '=', input.purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  query = input.userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', input.userId);
  return (await query.returning('id').executeTakeFirst()) !== undefined;
}
