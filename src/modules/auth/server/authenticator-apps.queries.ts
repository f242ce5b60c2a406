// Authenticator apps and recovery codes (migration 0047). Call in the person's scope: their
// company's, or the system scope for administrators and sign-in.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';

export interface AuthenticatorAppsTable {
  user_id: string;
  company_id: string | null;
  secret_box: string;
  confirmed_at: Timestamp | null;
  last_used_step: Generated<string>;
  created_at: Generated<Date>;
}
export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  company_id: string | null;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    authenticator_apps: AuthenticatorAppsTable;
    recovery_codes: RecoveryCodesTable;
  }
}

export type AuthenticatorApp = { secret_box: string; confirmed: boolean; last_used_step: number };

export async function findAuthenticatorApp(db: DbOrTrx, userId: string): Promise<AuthenticatorApp | undefined> {
  const row = await db
    .selectFrom('authenticator_apps')
    .select(['secret_box', 'last_used_step', sql<boolean>`confirmed_at is not null`.as('confirmed')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { secret_box: row.secret_box, confirmed: row.confirmed, last_used_step: Number(row.last_used_step) };
}

/** A new secret being set up: replaces any earlier one, confirmed or not, only once confirmed (see confirmAuthenticatorApp). */
export async function savePendingAuthenticatorApp(db: DbOrTrx, input: { userId: string; companyId: string | null; secretBox: string }) {
  await db
    .insertInto('authenticator_apps')
    .values({ user_id: input.userId, company_id: input.companyId, secret_box: input.secretBox, confirmed_at: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret_box: input.secretBox, confirmed_at: null, last_used_step: '0' }))
    .execute();
}

/** The confirming code's step is spent too. */
export async function confirmAuthenticatorApp(db: DbOrTrx, input: { userId: string; step: number }): Promise<void> {
  await db
    .updateTable('authenticator_apps')
    .set({ confirmed_at: sql<Date>`now()`, last_used_step: String(input.step) })
    .where('user_id', '=', input.userId)
    .execute();
}

/**
 * Spends `step` for the person's confirmed app: false when that step or a later one was used
 * already (a replayed code, or two requests racing with one code — one statement, so one wins).
 */
export async function spendAuthenticatorStep(db: DbOrTrx, input: { userId: string; step: number }): Promise<boolean> {
  const row = await db
    .updateTable('authenticator_apps')
    .set({ last_used_step: String(input.step) })
    .where('user_id', '=', input.userId)
    .where('confirmed_at', 'is not', null)
    .where(sql<boolean>`last_used_step < ${input.step}`)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteAuthenticatorApp(db: DbOrTrx, userId: string): Promise<boolean> {
  const row = await db.deleteFrom('authenticator_apps').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
  return row !== undefined;
}

/** The person's recovery codes become these (hashes); the earlier ones stop working. */
export async function replaceRecoveryCodes(db: DbOrTrx, input: { userId: string; companyId: string | null; hashes: string[] }) {
  await db.deleteFrom('recovery_codes').where('user_id', '=', input.userId).execute();
  if (input.hashes.length === 0) return;
  await db
    .insertInto('recovery_codes')
    .values(input.hashes.map((code_hash) => ({ user_id: input.userId, company_id: input.companyId, code_hash })))
    .execute();
}

export async function findUnusedRecoveryCodes(db: DbOrTrx, userId: string): Promise<{ id: string; code_hash: string }[]> {
  return db.selectFrom('recovery_codes').select(['id', 'code_hash']).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function countUnusedRecoveryCodes(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row?.n ?? 0;
}

export async function findAuthenticatorKey(db: DbOrTrx): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'authenticator_key').executeTakeFirst();
  return row?.value;
}
