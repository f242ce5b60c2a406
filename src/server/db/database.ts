// Connection pools: the owner connection runs migrations and set-up; the application pool
// signs in as the application login (a member of APP_ROLE, see app-login.ts), so row-level
// security holds and no statement can switch to the owner's rights.
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { isUuid } from '../../shared/ids';
import { AppClient } from './app-client';
import type { Database } from './schema';

export const APP_ROLE = 'stafflane_app';

/** How long a pool's connection stays open with nothing to do. */
export const POOL_IDLE_TIMEOUT_MS = 10_000;

// Timestamps come back as Date, calendar dates (DATE) as their 'yyyy-MM-dd' text so no time
// zone shifts them, bigint counts as numbers (counts never pass 2^53 here).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DbOrTrx = Db | Trx;

/**
 * `requests`: the pool requests use (the application login): its connections send a
 * transaction's BEGIN with the statement after it and prepare the statements they repeat
 * (app-client.ts). Pools that change the schema (migrations, set-up) keep plain connections.
 */
export function createPool(url: string, options: { max: number; requests?: boolean }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    // A connection left idle this long closes: each holds a PostgreSQL backend (2–7 MiB, more
    // with its prepared statements), and an idle server needs one for the mail outbox's poll.
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    ...(options.requests ? { Client: AppClient } : {}),
  });
  // An idle client losing its server must not crash the process.
  pool.on('error', () => undefined);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * Runs `fn` in one transaction with `app.company_id` set, so the row-level security
 * policies of tenant tables see only this company. Queries still filter by company.
 */
export function withTenant<T>(db: Db, companyId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    // A UUID written into the statement rather than bound: a SET LOCAL with no parameters goes
    // out with the BEGIN and the transaction's first statement, in one round trip (app-client.ts).
    // Anything else is bound as before.
    if (isUuid(companyId)) await sql`SET LOCAL app.company_id = ${sql.lit(companyId)}`.execute(trx);
    else await sql`select set_config('app.company_id', ${companyId}, true)`.execute(trx);
    return fn(trx);
  });
}

/**
 * Runs `fn` in the explicit system scope that crosses companies: login by e-mail,
 * administrators, jobs and realtime fan-out only. The code inside filters by company itself.
 */
export function withSystem<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await sql`SET LOCAL app.scope = 'system'`.execute(trx);
    return fn(trx);
  });
}

/** What to undo outside the database when a transaction rolls back, by transaction. */
const rollbackUndos = new WeakMap<Trx, (() => Promise<void>)[]>();

/**
 * Undoes something done outside the database (bytes put in file storage) if `trx` rolls back:
 * a file row that never commits leaves no stored bytes behind.
 */
export function undoOnRollback(trx: Trx, undo: () => Promise<void>): void {
  const undos = rollbackUndos.get(trx);
  if (undos) undos.push(undo);
  else rollbackUndos.set(trx, [undo]);
}

/** Transactions that read something only once (a request's upload stream): never run again. */
const readsOnce = new WeakSet<Trx>();

/**
 * Marks `trx` as having read what cannot be read twice (the request body's stream): if it is
 * chosen as a deadlock's victim it fails rather than running again without its input.
 */
export function cannotRunAgain(trx: Trx): void {
  readsOnce.add(trx);
}

/**
 * PostgreSQL's answers that the transaction lost a race and did nothing: a deadlock (a company's
 * read version is locked by every write, mid-transaction, so two writers that also update the
 * same row in the other order wait on each other) or a serialisation failure. Run again, the
 * transaction almost always succeeds.
 */
const RAN_INTO_ANOTHER = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

async function inTransaction<T>(db: Db, fn: (trx: Trx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let current: Trx | undefined;
    try {
      return await db.transaction().execute((trx) => {
        current = trx;
        return fn(trx);
      });
    } catch (error) {
      for (const undo of (current && rollbackUndos.get(current)) ?? []) await undo().catch(() => undefined);
      const code = (error as { code?: unknown }).code;
      const again = attempt < ATTEMPTS && typeof code === 'string' && RAN_INTO_ANOTHER.has(code) && !(current && readsOnce.has(current));
      if (!again) throw error;
      // A short, random pause, so the two do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
