// Stafflane's administrators: users of no company holding the global Administrator role
// (system scope). Removing one ends their account (terminated) and their sessions; the audit
// log keeps what they did.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { Administrator } from '../administrators.contract';

const ADMINISTRATOR_ROLE = 'Administrator';

export async function findAdministrators(trx: Trx): Promise<Administrator[]> {
  const rows = await trx
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select([
      'u.id',
      'u.first_name',
      'u.surname',
      'u.email',
      'u.status',
      'u.created_at',
      sql<Date | null>`(select max(s.last_seen_at) from sessions s where s.user_id = u.id)`.as('last_active_at'),
    ])
    .where('u.company_id', 'is', null)
    .where('r.company_id', 'is', null)
    .where('r.name', '=', ADMINISTRATOR_ROLE)
    .where('u.status', 'in', ['pending', 'invited', 'active'])
    .orderBy('u.first_name')
    .orderBy('u.surname')
    .execute();
  return rows.map((row) => ({
    ...row,
    status: row.status as Administrator['status'],
    created_at: row.created_at.toISOString(),
    last_active_at: row.last_active_at?.toISOString() ?? null,
  }));
}

export async function findAdministratorRoleId(trx: Trx): Promise<string | undefined> {
  const row = await trx
    .selectFrom('roles')
    .select('id')
    .where('company_id', 'is', null)
    .where('name', '=', ADMINISTRATOR_ROLE)
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.id;
}

/** Ends an administrator's account and sessions; false when there was no such administrator. */
export async function removeAdministrator(trx: Trx, id: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ status: 'terminated', updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('company_id', 'is', null)
    .where('status', 'in', ['pending', 'invited', 'active'])
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}
