// The demo's follow-up action: an H&S task of the incident, written straight to the tasks table.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';

export async function linkDemoAction(
  trx: Trx,
  input: { companyId: string; incidentId: string; assigneeId: string; createdBy: string; dueDate: string },
): Promise<void> {
  await sql`insert into tasks (id, company_id, area, title, description, assignee_id, created_by, due_date, priority, reminder_days, series_id, incident_id)
    select gen_random_uuid(), ${input.companyId}, 'hs', 'Get the dishwasher leak repaired',
      'Follow-up of the kitchen slip: book the engineer and check the floor drains.', ${input.assigneeId}, ${input.createdBy},
      ${input.dueDate}::date, 'high', '{1}', gen_random_uuid(), ${input.incidentId}`.execute(trx);
}
