// The SQL of the rotas demo: who works in the Kitchen and Operations and on which weekdays
// (their latest working pattern), and the rows written straight to the tables.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

export type DemoWorker = { id: string; department_id: string; hours: number[] };

export async function findDemoWorkers(trx: Trx, input: { companyId: string; departmentIds: string[] }): Promise<DemoWorker[]> {
  const { rows } = await sql<DemoWorker>`
    select u.id, u.department_id,
      coalesce((select array[w.mon_hours, w.tue_hours, w.wed_hours, w.thu_hours, w.fri_hours, w.sat_hours, w.sun_hours]::float8[]
        from user_working_patterns w where w.user_id = u.id order by w.start_date desc limit 1), array[7.5, 7.5, 7.5, 7.5, 7.5, 0, 0]::float8[]) as hours
    from users u
    where u.company_id = ${input.companyId} and u.status = 'active' and u.department_id = any(${input.departmentIds}::uuid[])
    order by u.first_name, u.surname`.execute(trx);
  return rows;
}

export async function companyHasShifts(trx: Trx, companyId: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from rota_shifts where company_id = ${companyId}`.execute(trx);
  return (rows[0]?.n ?? 0) > 0;
}

export async function enableDemoRota(trx: Trx, companyId: string): Promise<void> {
  await sql`insert into company_settings (company_id, rota_enabled) values (${companyId}, true)
    on conflict (company_id) do update set rota_enabled = true`.execute(trx);
  await sql`insert into rota_settings (company_id, swaps_need_approval) values (${companyId}, true) on conflict (company_id) do nothing`.execute(
    trx,
  );
}

export type DemoShift = {
  userId: string | null;
  departmentId: string;
  startAt: string;
  endAt: string;
  breakMinutes: number;
  role: string;
  colour: string;
  published: boolean;
};

export async function insertDemoShift(trx: Trx, input: { companyId: string; shift: DemoShift }): Promise<string> {
  const s = input.shift;
  const { rows } = await sql<{ id: string }>`
    insert into rota_shifts (company_id, user_id, department_id, start_at, end_at, break_minutes, role, colour, published, published_at)
    values (${input.companyId}, ${s.userId}, ${s.departmentId}, ${s.startAt}::timestamptz, ${s.endAt}::timestamptz, ${s.breakMinutes},
      ${s.role}, ${s.colour}, ${s.published}, case when ${s.published} then now() else null end)
    returning id`.execute(trx);
  return rows[0]!.id;
}

export async function insertDemoSwap(
  trx: Trx,
  input: { companyId: string; shiftId: string; offeredBy: string; acceptedBy: string; note: string },
): Promise<void> {
  await sql`insert into rota_swaps (company_id, shift_id, offered_by, accepted_by, status, note)
    values (${input.companyId}, ${input.shiftId}, ${input.offeredBy}, ${input.acceptedBy}, 'accepted', ${input.note})`.execute(trx);
}
