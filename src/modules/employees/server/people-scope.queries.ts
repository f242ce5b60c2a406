// The SQL that limits a list of people to those the caller's scope reaches: company all,
// department the caller's departments (a manager's managed departments include their own),
// own only themselves; and that moves people between departments.
import { sql, type ExpressionBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Database } from '../../../server/db/schema';
import { type Scope, type ScopeActor } from '../../../shared/scopes';
import './people-tables';

/**
 * A filter on `users as u` keeping the people `scope` reaches for `actor` in `companyId`.
 * Department scope: people whose department, or one of whose further departments, is one of
 * the actor's. Global scope filters by `companyId` like company scope.
 */
export function peopleInScope(scope: Scope, actor: ScopeActor, companyId: string) {
  return (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) => {
    const inCompany = eb('u.company_id', '=', companyId);
    if (scope === 'company' || scope === 'global') return inCompany;
    if (scope === 'own') return eb.and([inCompany, eb('u.id', '=', actor.userId)]);
    const departments = actor.departmentIds.length > 0 ? [...actor.departmentIds] : ['00000000-0000-0000-0000-000000000000'];
    return eb.and([
      inCompany,
      eb.or([
        eb('u.department_id', 'in', departments),
        eb.exists(
          eb
            .selectFrom('user_departments as ud')
            .select('ud.user_id')
            .whereRef('ud.user_id', '=', 'u.id')
            .where('ud.department_id', 'in', departments),
        ),
      ]),
    ]);
  };
}

/**
 * Moves people to `departmentId` (null: no department). The department a person had is also
 * one of their departments in user_departments (sign-up and the demo write it there), so it
 * goes from that list too: the old department's managers no longer reach them. Departments
 * they manage besides stay. Call it before the users row changes.
 */
export async function moveToDepartment(
  db: DbOrTrx,
  input: { companyId: string; userIds: readonly string[]; departmentId: string | null },
): Promise<void> {
  if (input.userIds.length === 0) return;
  const userIds = [...input.userIds];
  await db
    .deleteFrom('user_departments as ud')
    .using('users as u')
    .whereRef('ud.user_id', '=', 'u.id')
    .whereRef('ud.department_id', '=', 'u.department_id')
    .where('u.company_id', '=', input.companyId)
    .where('u.id', 'in', userIds)
    .$if(input.departmentId !== null, (q) => q.where('u.department_id', '<>', input.departmentId as string))
    .execute();
  await db
    .updateTable('users')
    .set({ department_id: input.departmentId, updated_at: sql<Date>`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', 'in', userIds)
    .execute();
}
