// The expenses report on /reports: what approved claims cost, by expense type, person,
// department or month, with the mileage allowance over HMRC's rates that is taxable.
import { groupedReport, PERSON_AND_MONTH_GROUPS } from '../../../server/reports/grouped-report';
import { round } from '../../../server/reports/report-figures';
import { EXPENSE_ENDPOINT } from '../expenses.contract';
import { aggregateExpenses } from './expenses-report.queries';

export const expensesReport = groupedReport({
  key: 'expenses',
  title: 'Expenses',
  description: 'Approved expense and mileage claims: the amount approved by expense type, person, department or month.',
  endpoint: EXPENSE_ENDPOINT,
  groups: [{ value: 'type', label: 'Expense type' }, ...PERSON_AND_MONTH_GROUPS],
  find: aggregateExpenses,
  columns: [
    { key: 'claims', label: 'Claims', value: (row) => row.claims },
    { key: 'items', label: 'Items', value: (row) => row.items, total: 'sum' },
    { key: 'people', label: 'People', value: (row) => row.people },
    { key: 'approved', label: 'Approved (£)', value: (row) => round(row.approved_pence / 100, 2), total: 'sum', chart: 'teal.6' },
    { key: 'taxable', label: 'Taxable mileage excess (£)', value: (row) => round(row.taxable_pence / 100, 2), total: 'sum' },
  ],
});
