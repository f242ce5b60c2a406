// The SQL of the incidents report: the accident book's records that happened in the range
// (London days). A caller whose incident scope is company-wide sees every record; otherwise the
// records about people in their reach and those they reported. Filters by department, location
// or person narrow to records about employees.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import { peopleConditions } from '../../../server/reports/report-people.queries';
import type { ReportFilters } from '../../../shared/reports.contract';

export type ReportIncident = {
  occurred_on: string;
  location: string;
  person_is_worker: boolean;
  death: boolean;
  specified_injury: string | null;
  taken_to_hospital: boolean;
  dangerous_occurrence: boolean;
  occupational_disease: boolean;
  incapacity_last_day: string | null;
  injured: boolean;
};

export async function findReportIncidents(
  trx: DbOrTrx,
  input: { companyId: string; reach: ReportReach; filters: ReportFilters },
): Promise<ReportIncident[]> {
  const { filters } = input;
  const occurredOn = sql`(i.occurred_at at time zone 'Europe/London')::date`;
  const conditions: RawBuilder<unknown>[] = [
    sql`i.company_id = ${input.companyId}`,
    sql`${occurredOn} between ${filters.from}::date and ${filters.to}::date`,
  ];
  const narrowed = filters.department_id.length > 0 || filters.location_id.length > 0 || filters.user_id.length > 0;
  const aboutPeople = sql`exists (select 1 from users u where u.id = i.person_user_id and ${sql.join(peopleConditions(input), sql` and `)})`;
  if (narrowed) conditions.push(aboutPeople);
  else if (!input.reach.companyWide) conditions.push(sql`(${aboutPeople} or i.reported_by = ${input.reach.userId})`);
  const { rows } = await sql<ReportIncident>`
    select to_char(${occurredOn}, 'YYYY-MM-DD') as occurred_on, i.location, i.person_is_worker, i.death, i.specified_injury,
      i.taken_to_hospital, i.dangerous_occurrence, i.occupational_disease,
      to_char(i.incapacity_last_day, 'YYYY-MM-DD') as incapacity_last_day,
      (coalesce(i.injury, '') <> '') as injured
    from incidents i
    where ${sql.join(conditions, sql` and `)}
    order by i.occurred_at`.execute(trx);
  return rows;
}
