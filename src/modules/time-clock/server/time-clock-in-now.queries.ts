// The SQL of "In now": the open entries of the people in the caller's reach (the reach the
// timesheets use: everyone, the caller's departments, or only the caller).
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { EntryRow } from './time-clock.queries';

export type Reach = { level: 'own' | 'department' | 'company'; callerId: string; departmentIds: readonly string[] };

/** Whether the user `u` is in the caller's reach. */
export function reachOf(input: Reach): RawBuilder<unknown> {
  if (input.level === 'company') return sql`true`;
  if (input.level === 'department' && input.departmentIds.length > 0)
    return sql`(u.id = ${input.callerId} OR u.department_id IN (${sql.join(input.departmentIds)})
             OR EXISTS (SELECT 1 FROM user_departments ud WHERE ud.user_id = u.id AND ud.department_id IN (${sql.join(input.departmentIds)})))`;
  return sql`u.id = ${input.callerId}`;
}

export type InNowRow = EntryRow & { name: string; department_name: string | null };

export async function findOpenEntriesInReach(trx: DbOrTrx, input: Reach & { companyId: string }): Promise<InNowRow[]> {
  const { rows } = await sql<InNowRow>`
    SELECT e.id, e.company_id, e.user_id, e.shift_id, e.clock_in_at, e.clock_out_at, e.break_minutes, e.worked_minutes,
           e.flags, e.approval, e.approved_by, e.approved_at, e.payroll_period_id,
           u.first_name || ' ' || u.surname AS name, d.name AS department_name
    FROM time_clock_entries e
    JOIN users u ON u.id = e.user_id AND u.company_id = e.company_id
    LEFT JOIN departments d ON d.id = u.department_id
    WHERE e.company_id = ${input.companyId} AND e.clock_out_at IS NULL AND ${reachOf(input)}
    ORDER BY e.clock_in_at, u.first_name, u.surname
    LIMIT 500`.execute(trx);
  return rows;
}
