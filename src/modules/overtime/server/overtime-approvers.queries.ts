// Who approves overtime (the SQL): like leave's approvals, on /api/approve-overtime. A
// person's line managers may approve; anyone whose approval scope reaches them (department
// scope over one of their departments when their role ranks no higher; company scope) may too;
// nobody approves their own. Asked first: line managers, else their departments' managers,
// else those approving company-wide.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { approvableBy, roleRankOf, type ApproverReach } from '../../../server/db/role-rank.queries';
import { OVERTIME_ENDPOINTS } from '../overtime.contract';

const APPROVE = OVERTIME_ENDPOINTS.approve;

const active = sql`u.status = 'active'`;
const holds = (scope: 'department' | 'company') => sql`EXISTS (
  SELECT 1 FROM role_permissions p WHERE p.role_id = u.role_id AND p.endpoint = ${APPROVE} AND p.method = 'PUT' AND p.type = ${scope})`;

/** Whom to ask about a person's overtime, never the person. */
export async function findOvertimeApproversToAsk(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<string[]> {
  const { companyId, userId } = input;
  const { rows } = await sql<{ id: string }>`
    WITH person AS (SELECT ${roleRankOf(sql`p.role_id`)} AS rank FROM users p WHERE p.id = ${userId}),
    person_departments AS (
      SELECT department_id FROM users WHERE id = ${userId} AND company_id = ${companyId} AND department_id IS NOT NULL
      UNION SELECT department_id FROM user_departments WHERE user_id = ${userId} AND company_id = ${companyId}
    ),
    candidates AS (
      SELECT u.id, 1 AS tier FROM user_line_managers lm JOIN users u ON u.id = lm.manager_id
      WHERE lm.user_id = ${userId} AND lm.company_id = ${companyId} AND u.company_id = ${companyId} AND ${active}
      UNION
      SELECT u.id, 2 FROM users u
      WHERE u.company_id = ${companyId} AND ${active} AND ${holds('department')}
        AND ${roleRankOf(sql`u.role_id`)} >= (SELECT rank FROM person)
        AND (u.department_id IN (SELECT department_id FROM person_departments)
          OR EXISTS (SELECT 1 FROM user_departments ud WHERE ud.user_id = u.id AND ud.department_id IN (SELECT department_id FROM person_departments)))
      UNION
      SELECT u.id, 3 FROM users u WHERE u.company_id = ${companyId} AND ${active} AND ${holds('company')}
    )
    SELECT id FROM candidates WHERE id <> ${userId}
      AND tier = (SELECT min(tier) FROM candidates WHERE id <> ${userId})
    ORDER BY id`.execute(db);
  return rows.map((row) => row.id);
}

/** Whether the actor may approve the person's overtime (one query). */
export async function mayApproveOvertime(
  db: DbOrTrx,
  input: { companyId: string; userId: string; actor: ApproverReach },
): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT ${approvableBy(sql`u.id`, input.actor)} AS ok FROM users u WHERE u.id = ${input.userId} AND u.company_id = ${input.companyId}`.execute(
    db,
  );
  return rows[0]?.ok === true;
}
