// The only SQL of the approval chain (approval-chain.ts says the rule): whom to ask about a
// person's request, whether the caller may decide it, and the conditions lists and counters
// put on a column holding the person's user id. Every query keeps to one company.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../db/database';
import { roleRankOf } from '../db/role-rank.queries';
import type { Session } from '../plugins/request-context';
import { approverOf, decidesOwn, type ApprovalChain, type Approver, type ChainReader } from './approval-chain';

const lineReportsOf = (managerId: string) => sql`SELECT lm.user_id FROM user_line_managers lm WHERE lm.manager_id = ${managerId}`;

/**
 * The person in `column` belongs to one of `departmentIds` (their own department or a further
 * one) and their role ranks no higher than `rank`: whom a department-scope approver reaches.
 * Ranked once per role of the company, not once per person, and the department's people are
 * found by their index (a whole-table scan of users under row-level security cost 65 ms a read
 * with 50,000 people, `bench:leave`). No role ranks as docs only, the lowest.
 */
function inDepartmentsRankedNoHigher(column: RawBuilder<unknown>, departmentIds: readonly string[], rank: number): RawBuilder<boolean> {
  const departments = sql.join(departmentIds.map((id) => sql`${id}::uuid`));
  const ranked = (roleId: RawBuilder<unknown>) =>
    sql`(${roleId} IS NULL OR ${roleId} IN (SELECT ro.id FROM roles ro WHERE ${roleRankOf(sql`ro.id`)} <= ${rank}))`;
  return sql<boolean>`(${column} IN (SELECT du.id FROM users du WHERE du.department_id IN (${departments}) AND ${ranked(sql`du.role_id`)})
    OR ${column} IN (SELECT ud.user_id FROM user_departments ud JOIN users uu ON uu.id = ud.user_id
      WHERE ud.department_id IN (${departments}) AND ${ranked(sql`uu.role_id`)}))`;
}

/**
 * A condition on `column` (a user id of the approver's company): the person's requests wait for
 * the approver — anyone at company scope, else their line reports and, at department scope, the
 * people of their departments whose role ranks no higher. Never the approver: for the lists
 * "to approve" and the pending counters.
 */
export function approvableBy(column: RawBuilder<unknown>, approver: Approver): RawBuilder<boolean> {
  const notOwn = sql`${column} <> ${approver.userId}`;
  if (approver.companyWide) return sql<boolean>`(${notOwn})`;
  const lineReports = sql`${column} IN (${lineReportsOf(approver.userId)})`;
  if (!approver.departmentScope || approver.departmentIds.length === 0) return sql<boolean>`(${notOwn} AND ${lineReports})`;
  return sql<boolean>`(${notOwn} AND (${lineReports} OR ${inDepartmentsRankedNoHigher(column, approver.departmentIds, approver.rank)}))`;
}

/** As approvableBy, and the approver's own when the chain lets them decide it: may they decide now. */
export function decidableBy(column: RawBuilder<unknown>, chain: ApprovalChain, approver: Approver): RawBuilder<boolean> {
  return decidesOwn(chain, approver) ? sql<boolean>`true` : approvableBy(column, approver);
}

/**
 * A condition on `column`: the reader reads that person's records through the chain's people —
 * themselves, their line reports, at department scope their departments' people (whatever their
 * rank: reading is not approving), at company scope everyone. Each part is `column IN (one
 * subquery)`: PostgreSQL runs it once and hashes it, within the reader's company.
 */
export function readableBy(column: RawBuilder<unknown>, reader: ChainReader): RawBuilder<boolean> {
  if (reader.level === 'company' || reader.level === 'global') return sql<boolean>`true`;
  const own = sql`${column} = ${reader.userId}`;
  if (reader.level !== 'department' || reader.departmentIds.length === 0) {
    return sql<boolean>`(${own} OR ${column} IN (${lineReportsOf(reader.userId)}))`;
  }
  const departments = sql.join(reader.departmentIds.map((id) => sql`${id}::uuid`));
  return sql<boolean>`(${own} OR ${column} IN (${lineReportsOf(reader.userId)}
    UNION SELECT du.id FROM users du WHERE du.company_id = ${reader.companyId} AND du.department_id IN (${departments})
    UNION SELECT ud.user_id FROM user_departments ud WHERE ud.company_id = ${reader.companyId} AND ud.department_id IN (${departments})))`;
}

/** Whether the caller may decide the request of the person `userId` now (one query); never across companies. */
export async function mayApprove(db: DbOrTrx, chain: ApprovalChain, session: Session, userId: string): Promise<boolean> {
  if (!session.companyId) return false;
  const { rows } = await sql<{ ok: boolean }>`
    SELECT ${decidableBy(sql`u.id`, chain, approverOf(chain, session))} AS ok
    FROM users u WHERE u.id = ${userId} AND u.company_id = ${session.companyId}`.execute(db);
  return rows[0]?.ok === true;
}

/**
 * Whom to ask about a person's request, by their ids in order: the first non-empty tier of
 * active line managers, active department-scope approvers over one of the person's departments
 * ranking at least as high, active company-wide approvers; nobody for a person of another
 * company. Never the person, nor `except` (who
 * is acting, and knows): they are left out of the tier, not passed over for the next one.
 * One round trip.
 */
export async function approversToAsk(
  db: DbOrTrx,
  chain: ApprovalChain,
  input: { companyId: string; userId: string; except?: string },
): Promise<string[]> {
  const { companyId, userId } = input;
  const active = sql`u.status = 'active'`;
  const holds = (scope: 'department' | 'company') => sql`EXISTS (
    SELECT 1 FROM role_permissions p WHERE p.role_id = u.role_id AND p.endpoint = ${chain.endpoint} AND p.method = 'PUT' AND p.type = ${scope})`;
  const { rows } = await sql<{ id: string }>`
    WITH person AS (SELECT ${roleRankOf(sql`p.role_id`)} AS rank FROM users p WHERE p.id = ${userId} AND p.company_id = ${companyId}),
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
    SELECT id FROM candidates WHERE id <> ${userId} AND EXISTS (SELECT 1 FROM person)
      AND tier = (SELECT min(tier) FROM candidates WHERE id <> ${userId})
    ORDER BY id`.execute(db);
  return rows.map((row) => row.id).filter((id) => id !== input.except);
}
