// The expenses report on /reports: what approved claims cost, by expense type, person,
// department or month, with the mileage allowance over HMRC's rates that is taxable.
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { chosenGroup, groupedResult, type ReportGroup } from '../../../server/reports/grouped-report';
import { round } from '../../../server/reports/report-figures';
import type { ReportResult, ReportRow } from '../../../shared/reports.contract';
import { EXPENSE_ENDPOINT } from '../expenses.contract';
import { aggregateExpenses, type ExpenseReportGroup } from './expenses-report.queries';

const GROUPS: [ReportGroup<ExpenseReportGroup>, ...ReportGroup<ExpenseReportGroup>[]] = [
  { value: 'type', label: 'Expense type' },
  { value: 'person', label: 'Person' },
  { value: 'department', label: 'Department' },
  { value: 'month', label: 'Month' },
];

export const expensesReport: ReportDefinition = {
  key: 'expenses',
  title: 'Expenses',
  description: 'Approved expense and mileage claims: the amount approved by expense type, person, department or month.',
  endpoint: EXPENSE_ENDPOINT,
  group_by: GROUPS,
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    const group = chosenGroup(GROUPS, filters.group_by);
    const found = await aggregateExpenses(trx, { companyId, reach, filters, group: group.value });
    const rows: ReportRow[] = found.map((row) => ({
      group: row.label,
      claims: row.claims,
      items: row.items,
      people: row.people,
      approved: round(row.approved_pence / 100, 2),
      taxable: round(row.taxable_pence / 100, 2),
    }));
    return groupedResult({
      group,
      columns: [
        { key: 'claims', label: 'Claims', kind: 'number' },
        { key: 'items', label: 'Items', kind: 'number' },
        { key: 'people', label: 'People', kind: 'number' },
        { key: 'approved', label: 'Approved (£)', kind: 'number' },
        { key: 'taxable', label: 'Taxable mileage excess (£)', kind: 'number' },
      ],
      rows,
      summed: ['items', 'approved', 'taxable'],
      series: [{ name: 'approved', label: 'Approved (£)', color: 'teal.6' }],
    });
  },
};
