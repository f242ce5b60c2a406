// Invitations, confirmed e-mail, accepted terms and line managers (migration 0008).
// Invitation tokens are reached by their hash before any company is known (the system scope
// of /api/confirm-email); everything about a user takes the company and runs in its scope.
import { sql } from 'kysely';
import { consumeLinkToken, createLinkToken, endLinkTokens, type LinkTokensTable } from './link-tokens.queries';
import type { DbOrTrx } from '../../../server/db/database';
import type { UserStatus } from './auth.queries';

export interface UserLineManagersTable {
  user_id: string;
  manager_id: string;
  company_id: string;
}

declare module '../../../server/db/schema' {
  interface Database {
    invitation_tokens: LinkTokensTable;
    user_line_managers: UserLineManagersTable;
  }
}

export type Invitee = {
  id: string;
  /** null: an administrator (Stafflane staff, no company). */
  company_id: string | null;
  email: string;
  first_name: string;
  status: UserStatus;
  company_name: string;
  department_ids: string[];
};

/** The user to invite, with their departments (primary and others) for the scope check. */
export async function findInvitee(db: DbOrTrx, input: { companyId: string | null; userId: string }): Promise<Invitee | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.status',
      sql<string>`coalesce(c.name, 'Stafflane')`.as('company_name'),
      sql<string[]>`array(select u.department_id::text where u.department_id is not null
                          union select d.department_id::text from user_departments d where d.user_id = u.id)`.as('department_ids'),
    ])
    .where('u.company_id', input.companyId === null ? 'is' : '=', input.companyId)
    .where('u.id', '=', input.userId)
    .executeTakeFirst();
  return row ? { ...row, company_id: input.companyId } : undefined;
}

/** Marks the user invited, unless they have moved on meanwhile; false when they had. */
export async function markInvited(db: DbOrTrx, input: { companyId: string | null; userId: string }): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ status: 'invited', updated_at: sql<Date>`now()` })
    .where('company_id', input.companyId === null ? 'is' : '=', input.companyId)
    .where('id', '=', input.userId)
    .where('status', 'in', ['pending', 'invited'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A new link for the user; every older one stops working, so only the latest e-mail counts. */
export async function createInvitationToken(db: DbOrTrx, input: { userId: string; tokenHash: string; ttlSeconds: number }): Promise<void> {
  await endLinkTokens(db, 'invitation_tokens', input.userId);
  await createLinkToken(db, 'invitation_tokens', input);
}

export type InvitationUse = { outcome: 'used'; userId: string } | { outcome: 'expired' } | { outcome: 'invalid' };

/** Uses the link's token once; an expired one is told apart (its screen says to ask again). Call in the system scope. */
export async function consumeInvitationToken(db: DbOrTrx, tokenHash: string): Promise<InvitationUse> {
  const userId = await consumeLinkToken(db, 'invitation_tokens', tokenHash);
  if (userId) return { outcome: 'used', userId };
  const expired = await db
    .selectFrom('invitation_tokens')
    .select('id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return expired ? { outcome: 'expired' } : { outcome: 'invalid' };
}

/** The e-mail address is confirmed when an invited user opens their link; answers the address, or nothing when not invited. */
export async function confirmEmail(db: DbOrTrx, userId: string): Promise<string | undefined> {
  const row = await db
    .updateTable('users')
    .set({ email_confirmed_at: sql<Date>`coalesce(email_confirmed_at, now())`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('status', '=', 'invited')
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

/** Onboarding done: password, terms, active. Nothing changes (undefined) when the user is no longer onboarding. */
export async function completeOnboarding(db: DbOrTrx, input: { companyId: string | null; userId: string; passwordHash: string }) {
  return db
    .updateTable('users')
    .set({
      password_hash: input.passwordHash,
      terms_accepted_at: sql<Date>`now()`,
      email_confirmed_at: sql<Date>`coalesce(email_confirmed_at, now())`,
      status: 'active',
      updated_at: sql<Date>`now()`,
    })
    .where('company_id', input.companyId === null ? 'is' : '=', input.companyId)
    .where('id', '=', input.userId)
    .where('status', 'in', ['pending', 'invited'])
    .returning(['id', 'email'])
    .executeTakeFirst();
}

/** Sets who a user's line managers are (the seed; the people module's screens later). */
export async function addLineManager(db: DbOrTrx, input: { companyId: string; userId: string; managerId: string }): Promise<void> {
  await db
    .insertInto('user_line_managers')
    .values({ user_id: input.userId, manager_id: input.managerId, company_id: input.companyId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
