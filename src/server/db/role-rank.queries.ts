// A person's role rank in SQL, for queries that read it beside the person (a write's subject,
// the people an approver reaches). It is roleRank of src/shared/scopes.ts over the role's
// entries; tests/server/employees/manager-reach.test.ts holds the two to the same answer.
import { sql, type RawBuilder } from 'kysely';
import { ROLE_RANK } from '../../shared/scopes';

const holds = (endpoint: string, method: string, scopes: string[]) =>
  sql`bool_or(rp_rank.endpoint = ${endpoint} AND rp_rank.method = ${method} AND rp_rank.type IN (${sql.join(scopes.map((scope) => sql`${scope}`))}))`;

/** The rank of the role in `roleId` (a column such as `u.role_id`); no role ranks as docs only. */
export function roleRankOf(roleId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`coalesce((SELECT CASE
      WHEN ${holds('/api/access-requests', 'PUT', ['company', 'global'])} THEN ${sql.lit(ROLE_RANK.owner)}
      WHEN ${holds('/api/user-basic', 'PUT', ['company', 'global'])} THEN ${sql.lit(ROLE_RANK.hrAdmin)}
      WHEN ${holds('/api/user-basic', 'PUT', ['department'])} THEN ${sql.lit(ROLE_RANK.manager)}
      WHEN ${holds('/api/user-basic', 'GET', ['own', 'department', 'company', 'global'])} THEN ${sql.lit(ROLE_RANK.employee)}
      ELSE ${sql.lit(ROLE_RANK.docsOnly)} END
    FROM role_permissions rp_rank WHERE rp_rank.role_id = ${roleId}), ${sql.lit(ROLE_RANK.docsOnly)})`;
}

/**
 * The person in `column` belongs to one of `departmentIds` (their own department or a further
 * one) and their role ranks no higher than `rank`: whom a department-scope approver reaches.
 * Ranked once per role of the company, not once per person, and the department's people are
 * found by their index (a whole-table scan of users under row-level security cost 65 ms a read
 * with 50,000 people, `bench:leave`). No role ranks as docs only, the lowest.
 */
export function inDepartmentsRankedNoHigher(
  column: RawBuilder<unknown>,
  departmentIds: readonly string[],
  rank: number,
): RawBuilder<boolean> {
  const departments = sql.join(departmentIds.map((id) => sql`${id}::uuid`));
  const ranked = (roleId: RawBuilder<unknown>) =>
    sql`(${roleId} IS NULL OR ${roleId} IN (SELECT ro.id FROM roles ro WHERE ${roleRankOf(sql`ro.id`)} <= ${rank}))`;
  return sql<boolean>`(${column} IN (SELECT du.id FROM users du WHERE du.department_id IN (${departments}) AND ${ranked(sql`du.role_id`)})
    OR ${column} IN (SELECT ud.user_id FROM user_departments ud JOIN users uu ON uu.id = ud.user_id
      WHERE ud.department_id IN (${departments}) AND ${ranked(sql`uu.role_id`)}))`;
}

/** Whom an approver reaches (leave, overtime, expenses): from the session, see each module's approverOf. */
export type ApproverReach = {
  userId: string;
  departmentIds: readonly string[];
  companyWide: boolean;
  departmentScope: boolean;
  /** The approver's role rank: department scope reaches only people ranking no higher. */
  rank: number;
};

/**
 * A condition on `column` (a user id of the approver's company): the approver may approve for
 * that person — anyone at company scope, else their line reports and, at department scope, the
 * people of their departments whose role ranks no higher. Never themselves, unless `includeOwn`
 * and they approve company-wide.
 */
export function approvableBy(
  column: RawBuilder<unknown>,
  actor: ApproverReach,
  options: { includeOwn?: boolean } = {},
): RawBuilder<boolean> {
  if (actor.companyWide) return options.includeOwn ? sql<boolean>`true` : sql<boolean>`(${column} <> ${actor.userId})`;
  const lineReports = sql`${column} IN (SELECT lm.user_id FROM user_line_managers lm WHERE lm.manager_id = ${actor.userId})`;
  if (!actor.departmentScope || actor.departmentIds.length === 0) return sql<boolean>`(${column} <> ${actor.userId} AND ${lineReports})`;
  return sql<boolean>`(${column} <> ${actor.userId} AND (${lineReports}
    OR ${inDepartmentsRankedNoHigher(column, actor.departmentIds, actor.rank)}))`;
}
