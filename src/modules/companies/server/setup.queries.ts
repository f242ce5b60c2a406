// What the first-run checklist counts of the platform's own records in the caller's company:
// locations, departments and people besides the first. Steps about a module's own records are
// answered by that module (ServerModule.firstRunSteps).
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { SetupCounts } from '../companies.policy';

export async function findSetupCounts(trx: Trx, companyId: string): Promise<SetupCounts> {
  const { rows } = await sql<{ locations: number; departments: number; people: number }>`
    select
      (select count(*)::int from company_locations where company_id = ${companyId}) as locations,
      (select count(*)::int from departments where company_id = ${companyId}) as departments,
      (select count(*)::int from users where company_id = ${companyId} and status <> 'terminated') as people
  `.execute(trx);
  const row = rows[0];
  return {
    locations: row?.locations ?? 0,
    departments: row?.departments ?? 0,
    peopleInvited: Math.max(0, (row?.people ?? 1) - 1),
  };
}
