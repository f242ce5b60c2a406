// The SQL of the expenses report: the approved amount of each item (its gross amount when the
// approver did not change it) of claims approved, partly approved, paid or exported, dated in
// the range, for the people in the caller's reach, grouped by expense type, person, department
// or month. Mileage items have no expense type and group as "Mileage".
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { ReportReach } from '../../../server/reports/report-definition';
import { PERSON_GROUP_KEYS, peopleConditions } from '../../../server/reports/report-people.queries';
import type { ReportFilters } from '../../../shared/reports.contract';

export const EXPENSE_REPORT_GROUPS = ['type', 'person', 'department', 'month'] as const;
export type ExpenseReportGroup = (typeof EXPENSE_REPORT_GROUPS)[number];

const GROUP_KEY: Record<ExpenseReportGroup, RawBuilder<string>> = {
  type: sql<string>`coalesce(t.name, 'Mileage')`,
  ...PERSON_GROUP_KEYS,
  month: sql<string>`to_char(i.date, 'YYYY-MM')`,
};

export type ExpenseAggregate = {
  label: string;
  claims: number;
  items: number;
  people: number;
  approved_pence: number;
  taxable_pence: number;
};

export async function aggregateExpenses(
  trx: DbOrTrx,
  input: { companyId: string; reach: ReportReach; filters: ReportFilters; group: ExpenseReportGroup },
): Promise<ExpenseAggregate[]> {
  const conditions = [
    ...peopleConditions(input),
    sql`c.company_id = ${input.companyId}`,
    sql`c.status in ('approved', 'partly_approved', 'paid', 'exported')`,
    sql`i.date between ${input.filters.from}::date and ${input.filters.to}::date`,
  ];
  const { rows } = await sql<ExpenseAggregate>`
    select ${GROUP_KEY[input.group]} as label, count(distinct c.id)::int as claims, count(*)::int as items,
      count(distinct c.user_id)::int as people,
      sum(coalesce(i.approved_pence, i.gross_pence))::float8 as approved_pence,
      sum(i.taxable_pence)::float8 as taxable_pence
    from expense_items i
    join expense_claims c on c.id = i.claim_id
    join users u on u.id = c.user_id
    left join departments d on d.id = u.department_id
    left join expense_types t on t.id = i.expense_type_id
    where ${sql.join(conditions, sql` and `)}
    group by 1
    order by ${input.group === 'month' ? sql`1` : sql`5 desc, 1`}`.execute(trx);
  return rows;
}
