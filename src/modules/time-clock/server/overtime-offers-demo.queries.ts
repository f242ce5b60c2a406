// The SQL of the overtime-offer demo: the demo people's entries of a week, an entry stretched
// past its shift (its clock-out event with it), approval written straight in, and the person
// allowed to claim overtime.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

export type DemoEntry = { id: string; user_id: string; shift_id: string | null; clock_in_at: Date; worked_minutes: number | null };

export async function findClosedEntries(
  trx: Trx,
  input: { companyId: string; userId: string; from: Date; to: Date },
): Promise<DemoEntry[]> {
  const { rows } = await sql<DemoEntry>`
    select id, user_id, shift_id, clock_in_at, worked_minutes from time_clock_entries
    where company_id = ${input.companyId} and user_id = ${input.userId} and clock_out_at is not null
      and clock_in_at >= ${input.from} and clock_in_at < ${input.to}
    order by clock_in_at`.execute(trx);
  return rows;
}

export async function approveDemoEntries(
  trx: Trx,
  input: { companyId: string; ids: readonly string[]; approvedBy: string },
): Promise<void> {
  if (input.ids.length === 0) return;
  await sql`update time_clock_entries set approval = 'approved', approved_by = ${input.approvedBy}, approved_at = clock_out_at + interval '20 hours'
    where company_id = ${input.companyId} and id in (${sql.join(input.ids)})`.execute(trx);
}

/** Moves the entry's clock-out (and its event) `minutes` later; answers the entry as it now is. */
export async function stretchEntry(trx: Trx, input: { companyId: string; id: string; minutes: number }): Promise<DemoEntry> {
  await sql`update time_clock_events set at = at + make_interval(mins => ${input.minutes}),
      device_time = device_time + make_interval(mins => ${input.minutes}), received_at = received_at + make_interval(mins => ${input.minutes})
    where company_id = ${input.companyId} and entry_id = ${input.id} and kind = 'clock_out'`.execute(trx);
  const { rows } = await sql<DemoEntry>`
    update time_clock_entries set clock_out_at = clock_out_at + make_interval(mins => ${input.minutes}),
      worked_minutes = worked_minutes + ${input.minutes}
    where company_id = ${input.companyId} and id = ${input.id}
    returning id, user_id, shift_id, clock_in_at, worked_minutes`.execute(trx);
  return rows[0]!;
}

/** The demo person may claim overtime paid or as time off in lieu (their overtime allowance). */
export async function allowDemoOvertime(trx: Trx, input: { companyId: string; userId: string }): Promise<void> {
  await sql`insert into user_settings (user_id, company_id, allow_payable_overtime, allow_toil_overtime)
    values (${input.userId}, ${input.companyId}, true, true)
    on conflict (user_id) do update set allow_payable_overtime = true, allow_toil_overtime = true`.execute(trx);
}

export async function companyHasOffers(trx: Trx, companyId: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from time_clock_overtime_offers where company_id = ${companyId}`.execute(trx);
  return (rows[0]?.n ?? 0) > 0;
}
