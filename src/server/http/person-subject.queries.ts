// The person a request is about, as the scope checks need them: their company, every
// department they belong to (their own and user_departments) and their role's rank.
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { roleRankOf } from '../db/role-rank.queries';
import { isUuid } from '../../shared/ids';
import type { RankedSubject } from '../../shared/scopes';

export type PersonSubject = RankedSubject & { status: string };

/** A company user of `companyId`, or undefined when there is none (or the id is not a uuid). */
export async function findPersonSubject(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<PersonSubject | undefined> {
  if (!isUuid(input.userId)) return undefined;
  const row = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.company_id',
      'u.status',
      sql<string[]>`array(SELECT u.department_id::text WHERE u.department_id IS NOT NULL
                          UNION SELECT ud.department_id::text FROM user_departments ud WHERE ud.user_id = u.id)`.as('department_ids'),
      roleRankOf(sql.ref('u.role_id')).as('rank'),
    ])
    .where('u.id', '=', input.userId)
    .where('u.company_id', '=', input.companyId)
    .executeTakeFirst();
  if (!row?.company_id) return undefined;
  return { userId: row.id, companyId: row.company_id, departmentIds: row.department_ids, rank: row.rank, status: row.status };
}
