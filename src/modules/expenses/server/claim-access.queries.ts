// The only SQL of who reads and who approves claims: line managers of the claimant, then the
// holders of /api/user-expense whose scope covers them (department scope over people of the
// holder's departments who rank no higher, company scope over everyone); never the claimant.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { approvableBy, roleRankOf } from '../../../server/db/role-rank.queries';
import { EXPENSE_ENDPOINT } from '../expenses.contract';

/** The caller as the list and count conditions take them. */
export type ClaimActor = {
  userId: string;
  companyId: string;
  departmentIds: readonly string[];
  /** The caller's level for reading (GET) and for approving (PUT) claims. */
  readLevel: 'own' | 'department' | 'company' | null;
  approveLevel: 'own' | 'department' | 'company' | null;
  rank: number;
};

// Each condition is `column IN (one subquery)`: PostgreSQL runs the subquery once and hashes it,
// and the subquery keeps to the actor's company and departments.
const lineReports = (actor: ClaimActor) => sql`SELECT lm.user_id FROM user_line_managers lm WHERE lm.manager_id = ${actor.userId}`;
const departmentPeople = (actor: ClaimActor) => {
  const departments = sql.join(actor.departmentIds.map((id) => sql`${id}::uuid`));
  return sql`SELECT du.id FROM users du WHERE du.company_id = ${actor.companyId}
    AND (du.department_id IN (${departments})
      OR du.id IN (SELECT ud.user_id FROM user_departments ud WHERE ud.company_id = ${actor.companyId} AND ud.department_id IN (${departments})))`;
};

/** The claimant (`column`) is someone whose claims the actor reads: own, line reports, and their scope. */
export function readableByCondition(column: RawBuilder<unknown>, actor: ClaimActor): RawBuilder<boolean> {
  if (actor.readLevel === 'company') return sql<boolean>`true`;
  if (actor.readLevel === 'department' && actor.departmentIds.length > 0) {
    return sql<boolean>`(${column} = ${actor.userId} OR ${column} IN (${lineReports(actor)} UNION ${departmentPeople(actor)}))`;
  }
  return sql<boolean>`(${column} = ${actor.userId} OR ${column} IN (${lineReports(actor)}))`;
}

/** The claimant is someone the actor may approve for; never the actor: the platform's approver reach. */
export function approvableByCondition(column: RawBuilder<unknown>, actor: ClaimActor): RawBuilder<boolean> {
  return approvableBy(column, {
    userId: actor.userId,
    departmentIds: actor.departmentIds,
    companyWide: actor.approveLevel === 'company',
    departmentScope: actor.approveLevel === 'department',
    rank: actor.rank,
  });
}

/** The claimant's line managers. */
export async function findLineManagerIds(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<string[]> {
  const rows = await db
    .selectFrom('user_line_managers')
    .select('manager_id')
    .where('company_id', '=', input.companyId)
    .where('user_id', '=', input.userId)
    .execute();
  return rows.map((row) => row.manager_id);
}

const activeUser = sql`u.status = 'active'`;
const holdsApprove = (scope: 'department' | 'company') => sql`EXISTS (
  SELECT 1 FROM role_permissions p
  WHERE p.role_id = u.role_id AND p.endpoint = ${EXPENSE_ENDPOINT} AND p.method = 'PUT' AND p.type = ${scope})`;

/**
 * Who is asked to approve a person's claim: their active line managers; else the managers of
 * one of their departments ranking at least as high; else those approving company-wide.
 * Never the person.
 */
export async function findApproversToAsk(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<string[]> {
  const { companyId, userId } = input;
  const { rows } = await sql<{ id: string }>`
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
    SELECT id FROM candidates WHERE id <> ${userId}
      AND tier = (SELECT min(tier) FROM candidates WHERE id <> ${userId})
    ORDER BY id`.execute(db);
  return rows.map((row) => row.id);
}
