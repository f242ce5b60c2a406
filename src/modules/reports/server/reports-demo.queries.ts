// The SQL of the reports demo: the company's trigger points, a year of sickness history for
// a few people (so the Bradford factor and the reason chart have something to show), and a
// monthly e-mail of the absence report to the owner.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

/** True once the reports demo has run (it writes the company's report settings first). */
export async function claimReportsDemo(trx: Trx, companyId: string): Promise<boolean> {
  const result = await sql`insert into report_settings (company_id) values (${companyId}) on conflict do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function findDemoPeopleByEmail(
  trx: Trx,
  input: { companyId: string; emails: string[] },
): Promise<{ id: string; email: string }[]> {
  const { rows } = await sql<{ id: string; email: string }>`select id, email from users
    where company_id = ${input.companyId} and email = any(${input.emails}::text[]) and status = 'active'`.execute(trx);
  return rows;
}

export async function insertDemoSickness(
  trx: Trx,
  input: { companyId: string; userId: string; start: string; end: string; category: string; returnedOn: string },
): Promise<void> {
  await sql`insert into user_absences (company_id, user_id, leave_type_id, start_date, end_date, duration_type, status, sickness_category, returned_on, decided_at)
    select ${input.companyId}, ${input.userId}, lt.id, ${input.start}::date, ${input.end}::date, 'days', 'approved', ${input.category}, ${input.returnedOn}::date, now()
    from leave_types lt where lt.company_id = ${input.companyId} and lt.key = 'sickness'`.execute(trx);
}

export async function insertDemoSubscription(
  trx: Trx,
  input: { companyId: string; createdBy: string; recipients: string[]; month: string },
): Promise<void> {
  await sql`insert into report_subscriptions (company_id, report_key, group_by, recipient_ids, created_by, last_sent_month)
    values (${input.companyId}, 'absence', 'department', ${input.recipients}::uuid[], ${input.createdBy}, ${input.month})`.execute(trx);
}
