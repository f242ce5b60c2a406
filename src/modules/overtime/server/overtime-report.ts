// The overtime report on /reports: approved overtime hours, paid (with the payable hours its
// rates make) and taken as time off in lieu, by person, department, month or rate.
import { groupedReport, PERSON_AND_MONTH_GROUPS } from '../../../server/reports/grouped-report';
import { round } from '../../../server/reports/report-figures';
import { OVERTIME_ENDPOINTS } from '../overtime.contract';
import { aggregateOvertime } from './overtime-report.queries';

export const overtimeReport = groupedReport({
  key: 'overtime',
  title: 'Overtime',
  description: 'Approved overtime: hours paid (and the payable hours their rates make) and hours taken as time off in lieu.',
  endpoint: OVERTIME_ENDPOINTS.report,
  groups: [...PERSON_AND_MONTH_GROUPS, { value: 'compensation', label: 'Paid at / time off in lieu' }],
  find: aggregateOvertime,
  columns: [
    { key: 'reports', label: 'Reports', value: (row) => row.reports, total: 'sum' },
    { key: 'people', label: 'People', value: (row) => row.people },
    { key: 'hours', label: 'Hours', value: (row) => round(row.hours, 2), total: 'sum' },
    { key: 'paid_hours', label: 'Paid hours', value: (row) => round(row.paid_hours, 2), total: 'sum', chart: 'blue.6' },
    { key: 'payable_hours', label: 'Payable hours', value: (row) => round(row.payable_hours, 2), total: 'sum' },
    {
      key: 'toil_hours',
      label: 'Time off in lieu (hours)',
      value: (row) => round(row.toil_hours, 2),
      total: 'sum',
      chart: { color: 'grape.6', label: 'Time off in lieu' },
    },
  ],
});
