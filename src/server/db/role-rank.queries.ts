// A person's role rank in SQL, for queries that read it beside the person (a write's subject,
// the people an approver reaches in src/server/approvals). It is roleRank of src/shared/scopes.ts
// over the role's entries; tests/server/employees/manager-reach.test.ts holds the two to the
// same answer.
import { sql, type RawBuilder } from 'kysely';
import { ROLE_RANK } from '../../shared/scopes';

/**
 * Whether the role holds `endpoint`/`method` at one of `scopes`: one probe of the primary key
 * (role_id, endpoint, method). The rank used to aggregate the role's every entry (about 95 of
 * them) for each row it was read beside: 40 absences on the team month scanned 3,800 rows.
 */
const holds = (roleId: RawBuilder<unknown>, endpoint: string, method: string, scopes: string[]) =>
  sql`EXISTS (SELECT 1 FROM role_permissions rp_rank WHERE rp_rank.role_id = ${roleId}
    AND rp_rank.endpoint = ${sql.lit(endpoint)} AND rp_rank.method = ${sql.lit(method)}
    AND rp_rank.type IN (${sql.join(scopes.map((scope) => sql.lit(scope)))}))`;

/** The rank of the role in `roleId` (a column such as `u.role_id`); no role ranks as docs only. */
export function roleRankOf(roleId: RawBuilder<unknown>): RawBuilder<number> {
  return sql<number>`(CASE
      WHEN ${holds(roleId, '/api/access-requests', 'PUT', ['company', 'global'])} THEN ${sql.lit(ROLE_RANK.owner)}
      WHEN ${holds(roleId, '/api/user-basic', 'PUT', ['company', 'global'])} THEN ${sql.lit(ROLE_RANK.hrAdmin)}
      WHEN ${holds(roleId, '/api/user-basic', 'PUT', ['department'])} THEN ${sql.lit(ROLE_RANK.manager)}
      WHEN ${holds(roleId, '/api/user-basic', 'GET', ['own', 'department', 'company', 'global'])} THEN ${sql.lit(ROLE_RANK.employee)}
      ELSE ${sql.lit(ROLE_RANK.docsOnly)} END)`;
}
