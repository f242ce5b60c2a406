// The tokens of e-mailed links (password reset, invitation): stored only as a hash, used
// once, ended early when a newer link or a finished step makes them pointless. Both tables
// have the same shape (migrations 0005 and 0008) and are reached only by hash or by user.
// Two-factor codes and recovery codes are used once too (useOnce).
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';

export type LinkTokenTable = 'password_reset_tokens' | 'invitation_tokens';

/** The columns of either table of link tokens. */
export interface LinkTokensTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

export async function createLinkToken(
  db: DbOrTrx,
  table: LinkTokenTable,
  input: { userId: string; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db
    .insertInto(table)
    .values({
      user_id: input.userId,
      token_hash: input.tokenHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .execute();
}

/** Uses the link's token once: the user it was for, or nothing when it is unknown, used or expired. */
export async function consumeLinkToken(db: DbOrTrx, table: LinkTokenTable, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .updateTable(table)
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Every unused link of the user stops working. */
export async function endLinkTokens(db: DbOrTrx, table: LinkTokenTable, userId: string): Promise<void> {
  await db
    .updateTable(table)
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks a two-factor challenge or a recovery code used; false when another request used it first. */
export async function useOnce(db: DbOrTrx, table: 'two_factor_challenges' | 'recovery_codes', id: string): Promise<boolean> {
  const row = await db
    .updateTable(table)
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
