// What the first-run checklist counts in the caller's company: locations, departments, the
// leave settings saved or a policy added, and people besides the first. These read other
// modules' tables by count only (no module's records leave here), in the company's scope.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { SetupCounts } from '../companies.policy';

export async function findSetupCounts(trx: Trx, companyId: string): Promise<SetupCounts> {
  const { rows } = await sql<{ locations: number; departments: number; leave_reviewed: boolean; people: number }>`
    select
      (select count(*)::int from company_locations where company_id = ${companyId}) as locations,
      (select count(*)::int from departments where company_id = ${companyId}) as departments,
      (exists (select 1 from company_leave_settings where company_id = ${companyId})
        or (select count(*) from absence_policy_templates where company_id = ${companyId}) > 1) as leave_reviewed,
      (select count(*)::int from users where company_id = ${companyId} and status <> 'terminated') as people
  `.execute(trx);
  const row = rows[0];
  return {
    locations: row?.locations ?? 0,
    departments: row?.departments ?? 0,
    leavePolicyReviewed: row?.leave_reviewed ?? false,
    peopleInvited: Math.max(0, (row?.people ?? 1) - 1),
  };
}
