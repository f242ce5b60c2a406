// A user's own credentials and two-factor setting. Call in the user's scope: their
// company's (withTenant) or, for administrators and password resets, the system scope.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { TwoFactorMethod } from '../auth.contract';

export type Credentials = {
  id: string;
  company_id: string | null;
  email: string;
  mobile: string | null;
  password_hash: string | null;
  two_factor_enabled: boolean;
  two_factor_method: TwoFactorMethod;
  require_two_factor: boolean;
  has_authenticator: boolean;
};

export async function findCredentials(db: DbOrTrx, userId: string): Promise<Credentials | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .select([
      'u.id',
      'u.company_id',
      'u.email',
      'u.mobile',
      'u.password_hash',
      'u.two_factor_enabled',
      'u.two_factor_method',
      sql<boolean>`coalesce(c.require_two_factor, false) or exists (
        select 1 from company_sign_in s left join roles r on r.id = u.role_id where s.company_id = u.company_id
        and (s.two_factor_for = 'everyone' or (s.two_factor_for = 'administrators' and r.name in ('Owner', 'HR admin'))))`.as(
        'require_two_factor',
      ),
      sql<boolean>`exists (select 1 from authenticator_apps a where a.user_id = u.id and a.confirmed_at is not null)`.as(
        'has_authenticator',
      ),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Sets the password; returns the user's address and company (for unlocking and the audit log). */
export async function updatePasswordHash(db: DbOrTrx, input: { userId: string; passwordHash: string }) {
  return db
    .updateTable('users')
    .set({ password_hash: input.passwordHash, updated_at: sql<Date>`now()` })
    .where('id', '=', input.userId)
    .returning(['id', 'email', 'company_id'])
    .executeTakeFirst();
}

export async function updateTwoFactorSetting(
  db: DbOrTrx,
  input: { userId: string; enabled: boolean; method: TwoFactorMethod },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ two_factor_enabled: input.enabled, two_factor_method: input.method, updated_at: sql<Date>`now()` })
    .where('id', '=', input.userId)
    .execute();
}
