// Company sign-up's tables (migration 0037), in the system scope: the pending requests, reached
// by their link's hash, and the attempts counted per e-mail address and per network. The first
// location a signed-up company gets carries the part of the country its bank holidays follow.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';
import type { SignUpRegion } from '../sign-up.contract';

export interface SignUpsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  company_name: string;
  first_name: string;
  surname: string;
  employees: number;
  bank_holiday_region: SignUpRegion;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  company_id: string | null;
  created_at: Generated<Date>;
}
export interface SignUpAttemptsTable {
  id: Generated<string>;
  email: string;
  network: string;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    sign_ups: SignUpsTable;
    sign_up_attempts: SignUpAttemptsTable;
  }
}

/**
 * Requests of the address in the last day and of the network in the last hour, counted after
 * taking both their locks: parallel requests from one address or network queue here, so each
 * sees the others' attempts and none slips past the limit.
 */
export async function lockAndCountAttempts(
  trx: Trx,
  input: { email: string; network: string },
): Promise<{ address: number; network: number }> {
  await sql`select pg_advisory_xact_lock(hashtext(${`sign-up:${input.email}`}))`.execute(trx);
  await sql`select pg_advisory_xact_lock(hashtext(${`sign-up:${input.network}`}))`.execute(trx);
  const { rows } = await sql<{ address: number; network: number }>`
    select
      (select count(*)::int from sign_up_attempts where email = ${input.email} and created_at > now() - interval '1 day') as address,
      (select count(*)::int from sign_up_attempts where network = ${input.network} and created_at > now() - interval '1 hour') as network
  `.execute(trx);
  return rows[0] ?? { address: 0, network: 0 };
}

export async function recordAttempt(db: DbOrTrx, input: { email: string; network: string }): Promise<void> {
  await db.insertInto('sign_up_attempts').values(input).execute();
}

/** What nobody needs any more: attempts older than a day, requests a week past their link's end. */
export async function forgetOldSignUps(db: DbOrTrx): Promise<void> {
  await db
    .deleteFrom('sign_up_attempts')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .deleteFrom('sign_ups')
    .where('expires_at', '<', sql<Date>`now() - interval '7 days'`)
    .execute();
}

/** A new pending request; the address's earlier links stop working, so only the latest e-mail counts. */
export async function createSignUp(
  db: DbOrTrx,
  input: Omit<SignUpsTable, 'id' | 'expires_at' | 'used_at' | 'company_id' | 'created_at'> & { ttlSeconds: number },
): Promise<void> {
  const { ttlSeconds, ...values } = input;
  await db
    .updateTable('sign_ups')
    .set({ used_at: sql<Date>`now()` })
    .where(sql`lower(email)`, '=', values.email.toLowerCase())
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('sign_ups')
    .values({ ...values, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .execute();
}

export type PendingSignUp = Pick<
  SignUpsTable,
  'email' | 'company_name' | 'first_name' | 'surname' | 'employees' | 'bank_holiday_region'
> & {
  id: string;
};
export type SignUpUse = { outcome: 'used'; signUp: PendingSignUp } | { outcome: 'expired' } | { outcome: 'invalid' };

/** Uses the link's token once; an expired one is told apart (its screen says to sign up again). */
export async function consumeSignUp(db: DbOrTrx, tokenHash: string): Promise<SignUpUse> {
  const row = await db
    .updateTable('sign_ups')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['id', 'email', 'company_name', 'first_name', 'surname', 'employees', 'bank_holiday_region'])
    .executeTakeFirst();
  if (row) return { outcome: 'used', signUp: row };
  const expired = await db
    .selectFrom('sign_ups')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return expired ? { outcome: 'expired' } : { outcome: 'invalid' };
}

export async function setSignUpCompany(db: DbOrTrx, input: { id: string; companyId: string }): Promise<void> {
  await db.updateTable('sign_ups').set({ company_id: input.companyId }).where('id', '=', input.id).execute();
}

/** The company's first location, whose region its bank holidays follow, with the owner working there. */
export async function createFirstLocation(
  trx: Trx,
  input: { companyId: string; ownerId: string; name: string; region: SignUpRegion },
): Promise<string> {
  const location = await trx
    .insertInto('company_locations')
    .values({ company_id: input.companyId, name: input.name, bank_holiday_region: input.region })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('users')
    .set({ location_id: location.id })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.ownerId)
    .execute();
  return location.id;
}
