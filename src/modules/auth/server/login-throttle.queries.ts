// Limits that sit beside the per-address lock: failed sign-ins per client address
// (migration 0014) and reset e-mails per account. Both are decided in the database, so
// every server process shares them and parallel requests cannot slip past. System scope.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';

export interface LoginClientAttemptsTable {
  client: string;
  window_start: Date;
  attempts: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    login_client_attempts: LoginClientAttemptsTable;
  }
}

/** The client's claim: refused once the window's attempts are used; `resetsAt` is when the window ends. */
export type ClientClaim = { refused: boolean; resetsAt: Date };

/**
 * Claims one sign-in attempt for the client address in the current fixed window, in one
 * statement, so parallel requests queue on the client's row. The count stops one past the
 * limit: refusals beyond the first change nothing.
 */
export async function claimClientAttempt(
  db: DbOrTrx,
  input: { client: string; maxAttempts: number; windowMinutes: number },
): Promise<ClientClaim> {
  const expired = sql`c.window_start <= now() - make_interval(mins => ${input.windowMinutes})`;
  const { rows } = await sql<{ attempts: number; resets_at: Date }>`
    insert into login_client_attempts as c (client, window_start, attempts)
    values (${input.client}, now(), 1)
    on conflict (client) do update set
      window_start = case when ${expired} then now() else c.window_start end,
      attempts = case when ${expired} then 1 else least(c.attempts + 1, ${input.maxAttempts + 1}) end
    returning attempts, window_start + make_interval(mins => ${input.windowMinutes}) as resets_at`.execute(db);
  const row = rows[0];
  return { refused: (row?.attempts ?? 1) > input.maxAttempts, resetsAt: row?.resets_at ?? new Date() };
}

/** A claimed attempt found the right password: it is given back to the client's window. */
export async function releaseClientAttempt(db: DbOrTrx, client: string): Promise<void> {
  await db
    .updateTable('login_client_attempts')
    .set({ attempts: sql<number>`greatest(attempts - 1, 0)` })
    .where('client', '=', client)
    .execute();
}

/**
 * Reset links created for the user within the last `windowSeconds`, counted while the
 * user's row is locked: parallel requests for one account queue here, so each sees the
 * links the others created and no more than the limit are ever sent.
 */
export async function lockAndCountRecentResets(db: DbOrTrx, input: { userId: string; windowSeconds: number }): Promise<number> {
  await sql`select 1 from users where id = ${input.userId} for update`.execute(db);
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', input.userId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${input.windowSeconds})`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
