// The SQL of clocked time on the calendar: the clock entries begun between two London days, of
// the people the viewer may see (the calendar's one rule, on the timesheets' permission),
// narrowed to the departments filtered on; an open entry runs until now.
import { sql } from 'kysely';
import { personInReach, type CalendarViewer } from '../../../server/calendar/calendar-reach.queries';
import type { DbOrTrx } from '../../../server/db/database';

export type ClockedRow = {
  id: string;
  user_id: string;
  name: string;
  department_id: string | null;
  clock_in_at: Date;
  clock_out_at: Date | null;
};

export async function findClockedTime(
  trx: DbOrTrx,
  input: { companyId: string; viewer: CalendarViewer; from: string; to: string; departmentIds: readonly string[] },
): Promise<ClockedRow[]> {
  const departments = input.departmentIds.length > 0 ? sql`AND u.department_id IN (${sql.join(input.departmentIds)})` : sql``;
  const { rows } = await sql<ClockedRow>`
    SELECT e.id, e.user_id, u.first_name || ' ' || u.surname AS name, u.department_id, e.clock_in_at, e.clock_out_at
    FROM time_clock_entries e
    JOIN users u ON u.id = e.user_id AND u.company_id = e.company_id
    WHERE e.company_id = ${input.companyId}
      AND (e.clock_in_at AT TIME ZONE 'Europe/London')::date BETWEEN ${input.from}::date AND ${input.to}::date
      AND ${personInReach(sql`e.user_id`, input.viewer)} ${departments}
    ORDER BY e.clock_in_at
    LIMIT 2000`.execute(trx);
  return rows;
}
