// The people a request is about, as the scope checks need them: their company, every
// department they belong to (their own and user_departments) and their role's rank.
import { sql } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { roleRankOf } from '../db/role-rank.queries';
import { isUuid } from '../../shared/ids';
import type { RankedSubject } from '../../shared/scopes';

export type PersonSubject = RankedSubject & { status: string; name: string };

/** The company's users among `userIds` (ids that are not uuids find no one). */
export async function findPersonSubjects(db: DbOrTrx, input: { companyId: string; userIds: readonly string[] }): Promise<PersonSubject[]> {
  const userIds = input.userIds.filter(isUuid);
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.company_id',
      'u.status',
      sql<string>`u.first_name || ' ' || u.surname`.as('name'),
      sql<string[]>`array(SELECT u.department_id::text WHERE u.department_id IS NOT NULL
                          UNION SELECT ud.department_id::text FROM user_departments ud WHERE ud.user_id = u.id)`.as('department_ids'),
      roleRankOf(sql.ref('u.role_id')).as('rank'),
    ])
    .where('u.company_id', '=', input.companyId)
    .where('u.id', 'in', userIds)
    .execute();
  return rows.flatMap((row) =>
    row.company_id
      ? [
          {
            userId: row.id,
            companyId: row.company_id,
            departmentIds: row.department_ids,
            rank: row.rank,
            status: row.status,
            name: row.name,
          },
        ]
      : [],
  );
}

/** A company user of `companyId`, or undefined when there is none. */
export async function findPersonSubject(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<PersonSubject | undefined> {
  const [subject] = await findPersonSubjects(db, { companyId: input.companyId, userIds: [input.userId] });
  return subject;
}
