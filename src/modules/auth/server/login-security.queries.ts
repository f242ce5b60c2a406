// Claimed and failed sign-ins and locks per e-mail address, two-factor challenges and
// password-reset links (migration 0005). Sign-in and reset know no company yet: call these
// in the system scope (withSystem), except where a function says otherwise.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { LinkTokensTable } from './link-tokens.queries';
import type { Timestamp } from '../../../server/db/schema';
import type { TwoFactorMethod } from '../auth.contract';
import type { AttemptCount, ChallengeView } from '../auth.policy';

export interface LoginAttemptsTable {
  email: string;
  failed_count: Generated<number>;
  last_failed_at: Timestamp | null;
  locked_until: Timestamp | null;
}
export interface TwoFactorChallengesTable {
  id: Generated<string>;
  user_id: string;
  company_id: string | null;
  code_hash: string;
  method: TwoFactorMethod;
  contact: string;
  expires_at: Timestamp;
  guesses: Generated<number>;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    login_attempts: LoginAttemptsTable;
    two_factor_challenges: TwoFactorChallengesTable;
    password_reset_tokens: LinkTokensTable;
  }
}

/** The outcome of claiming one password check for an address: refused when locked, with the lock's end. */
export type AttemptClaim = AttemptCount & { refused: boolean };

/**
 * Claims one password check for the address before the password is looked at: one
 * statement, so parallel requests queue on the address's row and never more than
 * `maxAttempts` checks are handed out per lock period, however many arrive at once. A claim
 * counts as a failure until it is settled or released. While a lock is in force nothing is
 * claimed; a claim beyond `maxAttempts` (the others still being checked) locks the address
 * and is refused too. The count starts again after a lock has run out, or when the last
 * attempt is older than the lock period (old typos do not add up to a lock months later).
 */
export async function claimLoginAttempt(
  db: DbOrTrx,
  input: { email: string; maxAttempts: number; lockMinutes: number },
): Promise<AttemptClaim> {
  const lock = sql`make_interval(mins => ${input.lockMinutes})`;
  const locked = sql`coalesce(a.locked_until > now(), false)`;
  const fresh = sql`(a.locked_until is not null or coalesce(a.last_failed_at < now() - ${lock}, true))`;
  const open = sql`a.failed_count < ${input.maxAttempts}`;
  const { rows } = await sql<{ failed_count: number; locked_until: Date | null }>`
    insert into login_attempts as a (email, failed_count, last_failed_at, locked_until)
    values (${input.email.toLowerCase()}, 1, now(), null)
    on conflict (email) do update set
      failed_count = case when ${locked} then a.failed_count when ${fresh} then 1 when ${open} then a.failed_count + 1 else a.failed_count end,
      last_failed_at = case when ${locked} then a.last_failed_at when ${fresh} or ${open} then now() else a.last_failed_at end,
      locked_until = case when ${locked} then a.locked_until when ${fresh} or ${open} then null else now() + ${lock} end
    returning failed_count, locked_until`.execute(db);
  const row = rows[0];
  const lockedUntil = row?.locked_until ?? null;
  return { failedCount: row?.failed_count ?? 1, lockedUntil, refused: lockedUntil !== null };
}

/**
 * A claimed check found a wrong password (or no account): the claim stays counted, and the
 * claim that used the last attempt locks the address for `lockMinutes`.
 */
export async function settleFailedLogin(
  db: DbOrTrx,
  input: { email: string; claim: number; maxAttempts: number; lockMinutes: number },
): Promise<AttemptCount> {
  const lockNow = input.claim >= input.maxAttempts;
  const row = await db
    .updateTable('login_attempts')
    .set({
      last_failed_at: sql<Date>`now()`,
      locked_until: lockNow ? sql<Date>`now() + make_interval(mins => ${input.lockMinutes})` : sql<Date | null>`locked_until`,
    })
    .where('email', '=', input.email.toLowerCase())
    .returning(sql<Date | null>`case when locked_until > now() then locked_until end`.as('locked_until'))
    .executeTakeFirst();
  return { failedCount: input.claim, lockedUntil: row?.locked_until ?? null };
}

/** A claimed check found the right password: it is not a failure, so the claim is given back. */
export async function releaseLoginAttempt(db: DbOrTrx, email: string): Promise<void> {
  await db
    .updateTable('login_attempts')
    .set({ failed_count: sql<number>`greatest(failed_count - 1, 0)` })
    .where('email', '=', email.toLowerCase())
    .execute();
}

/**
 * Counts one failure for the address, atomically, so parallel guesses cannot share a count.
 * The count starts again after a lock has run out, or when the last failure is older than
 * the lock period (old typos do not add up to a lock months later). Reaching `maxAttempts`
 * locks the address for `lockMinutes`.
 */
export async function recordFailedLogin(
  db: DbOrTrx,
  input: { email: string; maxAttempts: number; lockMinutes: number },
): Promise<AttemptCount> {
  const lock = sql`make_interval(mins => ${input.lockMinutes})`;
  const next = sql<number>`case when a.locked_until <= now() or a.last_failed_at < now() - ${lock} then 1 else a.failed_count + 1 end`;
  const { rows } = await sql<{ failed_count: number; locked_until: Date | null }>`
    insert into login_attempts as a (email, failed_count, last_failed_at, locked_until)
    values (${input.email.toLowerCase()}, 1, now(), case when 1 >= ${input.maxAttempts} then now() + ${lock} end)
    on conflict (email) do update set
      failed_count = ${next},
      last_failed_at = now(),
      locked_until = case when ${next} >= ${input.maxAttempts} then now() + ${lock} end
    returning failed_count, locked_until`.execute(db);
  const row = rows[0];
  return { failedCount: row?.failed_count ?? 1, lockedUntil: row?.locked_until ?? null };
}

/** A successful sign-in or a password reset: the address starts again with no failures and no lock. */
export async function clearLoginAttempts(db: DbOrTrx, email: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email', '=', email.toLowerCase()).execute();
}

/**
 * A new challenge for the user. Earlier open ones are closed (marked used): only the code
 * sent last works, so a code that arrives late cannot be mixed up with a newer one.
 */
export async function createChallenge(
  db: DbOrTrx,
  input: { userId: string; companyId: string | null; codeHash: string; method: TwoFactorMethod; contact: string; ttlSeconds: number },
): Promise<string> {
  await db
    .updateTable('two_factor_challenges')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', input.userId)
    .where('used_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('two_factor_challenges')
    .values({
      user_id: input.userId,
      company_id: input.companyId,
      code_hash: input.codeHash,
      method: input.method,
      contact: input.contact,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findLatestChallenge(
  db: DbOrTrx,
  userId: string,
): Promise<(ChallengeView & { id: string; method: TwoFactorMethod }) | undefined> {
  return db
    .selectFrom('two_factor_challenges')
    .select(['id', 'method', 'guesses', sql<boolean>`used_at is not null`.as('used'), sql<boolean>`expires_at <= now()`.as('expired')])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes one guess from an open challenge and returns its hash to compare with, or nothing
 * when it is used, expired or out of guesses. One statement, so parallel guesses can never
 * take more than `maxGuesses` between them.
 */
export async function spendGuess(db: DbOrTrx, input: { id: string; maxGuesses: number }) {
  return db
    .updateTable('two_factor_challenges')
    .set({ guesses: sql<number>`guesses + 1` })
    .where('id', '=', input.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .where('guesses', '<', input.maxGuesses)
    .returning(['code_hash', 'guesses'])
    .executeTakeFirst();
}

/** When the address's sign-in lock ends, while one is in force (a passkey sign-in is refused during a lock too). */
export async function findLoginLock(db: DbOrTrx, email: string): Promise<AttemptCount | undefined> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['failed_count', 'locked_until'])
    .where('email', '=', email.toLowerCase())
    .where('locked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.locked_until ? { failedCount: row.failed_count, lockedUntil: row.locked_until } : undefined;
}
