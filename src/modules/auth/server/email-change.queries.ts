// Changes of sign-in e-mail waiting for the new address to confirm them (migration 0015).
// Reached by the hash of the link's token in the system scope, or by user and company in the
// company's scope; the table has no row-level policy, so every query names the user.
import { sql, type Generated } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Timestamp } from '../../../server/db/schema';

export interface EmailChangeTokensTable {
  id: Generated<string>;
  token_hash: string;
  user_id: string;
  company_id: string;
  new_email: string;
  requested_by: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Date>;
}

declare module '../../../server/db/schema' {
  interface Database {
    email_change_tokens: EmailChangeTokensTable;
  }
}

/** Every unused request of the user stops working: a newer one replaces it, or the change is done. */
export async function endEmailChanges(db: DbOrTrx, input: { userId: string }): Promise<void> {
  await db
    .updateTable('email_change_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('user_id', '=', input.userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function createEmailChange(
  db: DbOrTrx,
  input: { userId: string; companyId: string; newEmail: string; requestedBy: string; tokenHash: string; ttlSeconds: number },
): Promise<void> {
  await db
    .insertInto('email_change_tokens')
    .values({
      user_id: input.userId,
      company_id: input.companyId,
      new_email: input.newEmail,
      requested_by: input.requestedBy,
      token_hash: input.tokenHash,
      expires_at: sql<Date>`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .execute();
}

/** Uses the link once: what it asked for, or nothing when it is unknown, used or expired. */
export async function consumeEmailChange(
  db: DbOrTrx,
  tokenHash: string,
): Promise<{ user_id: string; company_id: string; new_email: string; requested_by: string | null } | undefined> {
  return db
    .updateTable('email_change_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'company_id', 'new_email', 'requested_by'])
    .executeTakeFirst();
}

/** The person's current address and name, and the requester's name when they are of the same company. */
export async function findEmailChangeParties(
  db: DbOrTrx,
  input: { companyId: string; userId: string; requestedBy: string },
): Promise<{ email: string; first_name: string; requester: string | null } | undefined> {
  return db
    .selectFrom('users as u')
    .select([
      'u.email',
      'u.first_name',
      (eb) =>
        eb
          .selectFrom('users as r')
          .select(sql<string>`concat_ws(' ', r.first_name, r.surname)`.as('name'))
          .where('r.id', '=', input.requestedBy)
          .where('r.company_id', '=', input.companyId)
          .as('requester'),
    ])
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .executeTakeFirst();
}

/** Makes the confirmed address the sign-in address; undefined when the person is gone. */
export async function setSignInEmail(
  db: DbOrTrx,
  input: { companyId: string; userId: string; email: string },
): Promise<{ previous: string } | undefined> {
  const row = await db
    .updateTable('users as u')
    .from('users as old')
    .set({ email: input.email, email_confirmed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .whereRef('old.id', '=', 'u.id')
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .returning('old.email as previous')
    .executeTakeFirst();
  return row;
}

/** Whether another account (any company) signs in with this address; call in the system scope. */
export async function emailTakenByOther(db: DbOrTrx, input: { email: string; userId: string }): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${input.email})`)
    .where('id', '<>', input.userId)
    .executeTakeFirst();
  return row !== undefined;
}
