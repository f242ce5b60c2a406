// The SQL of the time-clock demo: the demo people by e-mail, last week's published shifts
// (added in Operations when the rota demo has none for them), and rows written straight in.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

export async function companyHasClockEntries(trx: Trx, companyId: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from time_clock_entries where company_id = ${companyId}`.execute(trx);
  return (rows[0]?.n ?? 0) > 0;
}

export async function findDemoPeople(
  trx: Trx,
  input: { companyId: string; emails: readonly string[] },
): Promise<{ id: string; email: string; department_id: string | null }[]> {
  const { rows } = await sql<{ id: string; email: string; department_id: string | null }>`
    select id, email, department_id from users
    where company_id = ${input.companyId} and status = 'active' and email in (${sql.join(input.emails)})`.execute(trx);
  return rows;
}

export async function findOrAddDemoShift(
  trx: Trx,
  input: { companyId: string; userId: string; departmentId: string; startAt: Date; endAt: Date },
): Promise<{ id: string; start_at: Date; end_at: Date }> {
  const { rows } = await sql<{ id: string; start_at: Date; end_at: Date }>`
    select id, start_at, end_at from rota_shifts
    where company_id = ${input.companyId} and user_id = ${input.userId} and published
      and start_at < ${input.endAt} and end_at > ${input.startAt}
    order by start_at limit 1`.execute(trx);
  if (rows[0]) return rows[0];
  const { rows: added } = await sql<{ id: string; start_at: Date; end_at: Date }>`
    insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, colour, published, published_at)
    values (${input.companyId}, ${input.userId}, ${input.departmentId}, ${input.startAt}, ${input.endAt}, 30, 'Warehouse floor', 'blue', true, now())
    returning id, start_at, end_at`.execute(trx);
  return added[0]!;
}
