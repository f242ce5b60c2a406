// The SQL of the overtime report: approved overtime dated in the range, for the people in the
// caller's reach, grouped by person, department, month or how it is given back (paid at a rate,
// or time off in lieu). Payable hours are hours × the rate's multiplier.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import { PERSON_GROUP_KEYS, peopleConditions } from '../../../server/reports/report-people.queries';
import type { ReportFilters } from '../../../shared/reports.contract';

export const OVERTIME_REPORT_GROUPS = ['person', 'department', 'month', 'compensation'] as const;
export type OvertimeReportGroup = (typeof OVERTIME_REPORT_GROUPS)[number];

const GROUP_KEY: Record<OvertimeReportGroup, RawBuilder<string>> = {
  ...PERSON_GROUP_KEYS,
  month: sql<string>`to_char(o.date, 'YYYY-MM')`,
  compensation: sql<string>`case when o.compensation = 'toil' then 'Time off in lieu' else coalesce(t.name, 'Paid') end`,
};

export type OvertimeAggregate = {
  label: string;
  reports: number;
  people: number;
  hours: number;
  paid_hours: number;
  payable_hours: number;
  toil_hours: number;
};

export async function aggregateOvertime(
  trx: DbOrTrx,
  input: { companyId: string; reach: ReportReach; filters: ReportFilters; group: OvertimeReportGroup },
): Promise<OvertimeAggregate[]> {
  const conditions = [
    ...peopleConditions(input),
    sql`o.company_id = ${input.companyId}`,
    sql`o.status = 'approved'`,
    sql`o.date between ${input.filters.from}::date and ${input.filters.to}::date`,
  ];
  const { rows } = await sql<OvertimeAggregate>`
    select ${GROUP_KEY[input.group]} as label, count(*)::int as reports, count(distinct o.user_id)::int as people,
      sum(o.hours)::float8 as hours,
      coalesce(sum(o.hours) filter (where o.compensation = 'paid'), 0)::float8 as paid_hours,
      coalesce(sum(o.hours * coalesce(r.multiplier, 1)) filter (where o.compensation = 'paid'), 0)::float8 as payable_hours,
      coalesce(sum(o.hours) filter (where o.compensation = 'toil'), 0)::float8 as toil_hours
    from user_overtime o
    join users u on u.id = o.user_id
    left join departments d on d.id = u.department_id
    left join overtime_rates r on r.id = o.overtime_rate_id
    left join company_pay_rate_types t on t.id = r.pay_rate_type_id
    where ${sql.join(conditions, sql` and `)}
    group by 1
    order by ${input.group === 'month' ? sql`1` : sql`4 desc, 1`}`.execute(trx);
  return rows;
}
