// The only SQL of managed departments: the user_departments rows that widen a manager's
// department scope. A person's own department (users.department_id) counts as managed too
//, so a list for one person shows it first, marked `own`.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { Paging } from '../../../shared/list';
import { managedDepartmentId, type ManagedDepartment } from '../organisation.contract';

/**
 * Whether the user `u` manages their own department: their role reads people's records at
 * department scope (the Manager role and any role like it).
 */
export const managesOwnDepartment = sql<boolean>`EXISTS (
  SELECT 1 FROM role_permissions p
  WHERE p.role_id = u.role_id AND p.endpoint = '/api/user-basic' AND p.method = 'GET' AND p.type = 'department')`;

type Filters = { companyId: string; userId?: string | undefined; departmentId?: string | undefined };

export async function findManagedDepartments(
  db: DbOrTrx,
  input: Filters & { paging: Paging },
): Promise<{ results: ManagedDepartment[]; count: number }> {
  const { companyId, userId, departmentId } = input;
  const managed = sql`
    SELECT ud.user_id, ud.department_id, d.name AS department_name, u.first_name, u.surname, false AS own
    FROM user_departments ud
    JOIN departments d ON d.id = ud.department_id AND d.company_id = ${companyId}
    JOIN users u ON u.id = ud.user_id AND u.company_id = ${companyId}
    WHERE ud.company_id = ${companyId} AND ud.department_id IS DISTINCT FROM u.department_id
      ${userId ? sql`AND ud.user_id = ${userId}` : sql``}
      ${departmentId ? sql`AND ud.department_id = ${departmentId}` : sql``}`;
  // One person's list starts with their own department; one department's, with the managers
  // whose own department it is.
  const own = userId
    ? sql`UNION ALL
      SELECT u.id, u.department_id, d.name, u.first_name, u.surname, true
      FROM users u JOIN departments d ON d.id = u.department_id AND d.company_id = ${companyId}
      WHERE u.id = ${userId} AND u.company_id = ${companyId}
        ${departmentId ? sql`AND u.department_id = ${departmentId}` : sql``}`
    : departmentId
      ? sql`UNION ALL
      SELECT u.id, u.department_id, d.name, u.first_name, u.surname, true
      FROM users u JOIN departments d ON d.id = u.department_id AND d.company_id = ${companyId}
      WHERE u.department_id = ${departmentId} AND u.company_id = ${companyId} AND ${managesOwnDepartment}`
      : sql``;
  const { rows } = await sql<Omit<ManagedDepartment, 'id'> & { total: number }>`
    SELECT *, count(*) OVER ()::int AS total FROM (${managed} ${own}) AS rows
    ORDER BY own DESC, lower(department_name), lower(surname), lower(first_name), user_id
    OFFSET ${input.paging.offset} LIMIT ${input.paging.limit}`.execute(db);
  const count = rows[0]?.total ?? (input.paging.offset > 0 ? await countManaged(db, input) : 0);
  return { results: rows.map(({ total: _total, ...row }) => ({ id: managedDepartmentId(row), ...row })), count };
}

/** The count when the page asked for lies past the end. */
async function countManaged(db: DbOrTrx, input: Filters & { paging: Paging }): Promise<number> {
  const page = await findManagedDepartments(db, { ...input, paging: { offset: 0, limit: 1 } });
  return page.count;
}

export async function getManagedDepartment(db: DbOrTrx, input: Required<Filters>): Promise<ManagedDepartment | undefined> {
  const page = await findManagedDepartments(db, { ...input, paging: { offset: 0, limit: 1 } });
  return page.results[0];
}

export async function userDepartmentOf(
  db: DbOrTrx,
  input: { companyId: string; userId: string },
): Promise<{ departmentId: string | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select('department_id')
    .where('id', '=', input.userId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return row ? { departmentId: row.department_id } : undefined;
}

export async function departmentExists(db: DbOrTrx, input: { companyId: string; departmentId: string }): Promise<boolean> {
  const row = await db
    .selectFrom('departments')
    .select('id')
    .where('id', '=', input.departmentId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return row !== undefined;
}

/** false when the person already manages the department. */
export async function addManagedDepartment(db: DbOrTrx, input: Required<Filters>): Promise<boolean> {
  const row = await db
    .insertInto('user_departments')
    .values({ user_id: input.userId, department_id: input.departmentId, company_id: input.companyId })
    .onConflict((oc) => oc.columns(['user_id', 'department_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function removeManagedDepartment(db: DbOrTrx, input: Required<Filters>): Promise<boolean> {
  const result = await db
    .deleteFrom('user_departments')
    .where('user_id', '=', input.userId)
    .where('department_id', '=', input.departmentId)
    .where('company_id', '=', input.companyId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
