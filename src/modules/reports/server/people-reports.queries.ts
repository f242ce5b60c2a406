// The SQL of the people reports: headcount at each month's end, starters and leavers by month,
// and the length of service of everyone employed on a day. A starter's date is their
// employment start date (the account's creation when none is recorded); a leaver's is their
// termination date. Every query filters by company besides row-level security.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import type { ReportFilters } from '../../../shared/reports.contract';
import { peopleConditions } from '../../../server/reports/report-people.queries';

export type MonthRow = { month: string; headcount_start: number; headcount_end: number; starters: number; leavers: number };

const startOf = sql`coalesce(e.start_date, u.created_at::date)`;
/** `u` was employed on `day`: started by then, and not left before it; onboarding accounts not yet. */
const employedOn = (day: unknown) =>
  sql`(u.status in ('active', 'terminated', 'locked') and ${startOf} <= ${day}::date and (u.termination_date is null or u.termination_date >= ${day}::date))`;

export async function monthlyMovements(
  trx: DbOrTrx,
  input: { companyId: string; reach: ReportReach; filters: ReportFilters },
): Promise<MonthRow[]> {
  const { from, to } = input.filters;
  const { rows } = await sql<MonthRow>`
    with months as (
      select m::date as first_day, least((m + interval '1 month - 1 day')::date, ${to}::date) as last_day
      from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') m
    ), people as (
      select u.id, u.status, u.termination_date, ${startOf} as start_date, u.created_at
      from users u left join user_employment_details e on e.user_id = u.id and e.company_id = u.company_id
      where ${sql.join(peopleConditions(input), sql` and `)} and u.status in ('active', 'terminated', 'locked')
    )
    select to_char(m.first_day, 'YYYY-MM') as month,
      (select count(*) from people p where p.start_date < greatest(m.first_day, ${from}::date)
        and (p.termination_date is null or p.termination_date >= greatest(m.first_day, ${from}::date)))::int as headcount_start,
      (select count(*) from people p where p.start_date <= m.last_day and (p.termination_date is null or p.termination_date > m.last_day))::int as headcount_end,
      (select count(*) from people p where p.start_date between greatest(m.first_day, ${from}::date) and m.last_day)::int as starters,
      (select count(*) from people p where p.termination_date between greatest(m.first_day, ${from}::date) and m.last_day)::int as leavers
    from months m order by m.first_day`.execute(trx);
  return rows;
}

export type ServiceRow = { band: string; sort: number; people: number; average_years: number };

export async function serviceBands(
  trx: DbOrTrx,
  input: { companyId: string; reach: ReportReach; filters: ReportFilters },
): Promise<ServiceRow[]> {
  const day = input.filters.to;
  const { rows } = await sql<ServiceRow>`
    with people as (
      select (${day}::date - coalesce(e.continuous_service_date, ${startOf})) / 365.25 as years
      from users u left join user_employment_details e on e.user_id = u.id and e.company_id = u.company_id
      where ${sql.join(peopleConditions(input), sql` and `)} and ${employedOn(day)}
    ), banded as (
      select case when years < 1 then 0 when years < 2 then 1 when years < 5 then 2 when years < 10 then 3 else 4 end as sort, years from people
    )
    select (array['Under 1 year', '1 to 2 years', '2 to 5 years', '5 to 10 years', '10 years or more'])[b.sort + 1] as band, b.sort,
      count(banded.sort)::int as people, coalesce(round(avg(banded.years)::numeric, 1), 0)::float8 as average_years
    from generate_series(0, 4) b(sort) left join banded on banded.sort = b.sort
    group by b.sort order by b.sort`.execute(trx);
  return rows;
}

export type BradfordTriggers = { points: number[] };
export async function getBradfordTriggers(trx: DbOrTrx, companyId: string): Promise<number[]> {
  const { rows } = await sql<{
    bradford_triggers: number[];
  }>`select bradford_triggers from report_settings where company_id = ${companyId}`.execute(trx);
  return rows[0]?.bradford_triggers ?? [51, 201, 401, 651];
}
