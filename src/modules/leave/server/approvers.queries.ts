// The only SQL of who approves absences: a person's departments and line managers, who is
// asked about their requests, and the people a manager may approve for. The leave module may
// not import the people module's queries, so it reads users, user_departments,
// user_line_managers and role_permissions here.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';

export const APPROVE_ENDPOINT = '/api/approve-absence';

export type ApprovalSubject = { companyId: string; departmentIds: string[]; lineManagerIds: string[]; rank: number };

/** The person's company, departments (own and user_departments), line managers and role rank; undefined when unknown. */
export async function findApprovalSubject(db: DbOrTrx, userId: string): Promise<ApprovalSubject | undefined> {
  const { rows } = await sql<{ company_id: string | null; department_ids: string[]; line_manager_ids: string[]; rank: number }>`
    SELECT u.company_id, ${roleRankOf(sql`u.role_id`)} AS rank,
      ARRAY(SELECT u.department_id WHERE u.department_id IS NOT NULL
            UNION SELECT ud.department_id FROM user_departments ud WHERE ud.user_id = u.id)::text[] AS department_ids,
      ARRAY(SELECT lm.manager_id FROM user_line_managers lm WHERE lm.user_id = u.id)::text[] AS line_manager_ids
    FROM users u WHERE u.id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row?.company_id) return undefined;
  return { companyId: row.company_id, departmentIds: row.department_ids, lineManagerIds: row.line_manager_ids, rank: row.rank };
}

const activeUser = sql`u.status = 'active'`;
const holdsApprove = (scope: 'department' | 'company') => sql`EXISTS (
  SELECT 1 FROM role_permissions p
  WHERE p.role_id = u.role_id AND p.endpoint = ${APPROVE_ENDPOINT} AND p.method = 'PUT' AND p.type = ${scope})`;

/**
 * Who is asked about a person's request, in order of preference: their active line managers;
 * else the active managers of one of their departments (own department or user_departments,
 * holding approval at department scope, whose role ranks at least the person's: department
 * scope does not reach a higher role); else the active users approving company-wide.
 * One round trip: each tier is used only when the ones before it are empty.
 */
export async function findApproversToAsk(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<string[]> {
  const { companyId, userId } = input;
  const { rows } = await sql<{ id: string; tier: number }>`
    WITH person AS (SELECT ${roleRankOf(sql`p.role_id`)} AS rank FROM users p WHERE p.id = ${userId}),
    person_departments AS (
      SELECT department_id FROM users WHERE id = ${userId} AND company_id = ${companyId} AND department_id IS NOT NULL
      UNION SELECT department_id FROM user_departments WHERE user_id = ${userId} AND company_id = ${companyId}
    ),
    candidates AS (
      SELECT u.id, 1 AS tier FROM user_line_managers lm JOIN users u ON u.id = lm.manager_id
      WHERE lm.user_id = ${userId} AND lm.company_id = ${companyId} AND u.company_id = ${companyId} AND ${activeUser}
      UNION
      SELECT u.id, 2 FROM users u
      WHERE u.company_id = ${companyId} AND ${activeUser} AND ${holdsApprove('department')}
        AND ${roleRankOf(sql`u.role_id`)} >= (SELECT rank FROM person)
        AND (u.department_id IN (SELECT department_id FROM person_departments)
          OR EXISTS (SELECT 1 FROM user_departments ud WHERE ud.user_id = u.id AND ud.department_id IN (SELECT department_id FROM person_departments)))
      UNION
      SELECT u.id, 3 FROM users u WHERE u.company_id = ${companyId} AND ${activeUser} AND ${holdsApprove('company')}
    )
    SELECT id, tier FROM candidates WHERE id <> ${userId}
      AND tier = (SELECT min(tier) FROM candidates WHERE id <> ${userId})
    ORDER BY id`.execute(db);
  return rows.map((row) => row.id);
}
