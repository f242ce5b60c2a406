// A person's role rank in SQL, for queries that read it beside the person (a write's subject,
// the people an approver reaches in src/server/approvals). It is roleRank of src/shared/scopes.ts
// over the role's entries; tests/server/employees/manager-reach.test.ts holds the two to the
// same answer.
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
