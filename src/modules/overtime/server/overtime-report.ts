// The overtime report on /reports: approved overtime hours, paid (with the payable hours its
// rates make) and taken as time off in lieu, by person, department, month or rate.
import type { ReportDefinition } from '../../../server/reports/report-definition';
import { chosenGroup, groupedResult, type ReportGroup } from '../../../server/reports/grouped-report';
import { round } from '../../../server/reports/report-figures';
import type { ReportResult, ReportRow } from '../../../shared/reports.contract';
import { OVERTIME_ENDPOINTS } from '../overtime.contract';
import { aggregateOvertime, type OvertimeReportGroup } from './overtime-report.queries';

const GROUPS: [ReportGroup<OvertimeReportGroup>, ...ReportGroup<OvertimeReportGroup>[]] = [
  { value: 'person', label: 'Person' },
  { value: 'department', label: 'Department' },
  { value: 'month', label: 'Month' },
  { value: 'compensation', label: 'Paid at / time off in lieu' },
];

export const overtimeReport: ReportDefinition = {
  key: 'overtime',
  title: 'Overtime',
  description: 'Approved overtime: hours paid (and the payable hours their rates make) and hours taken as time off in lieu.',
  endpoint: OVERTIME_ENDPOINTS.report,
  group_by: GROUPS,
  async run(trx, { companyId, filters, reach }): Promise<ReportResult> {
    const group = chosenGroup(GROUPS, filters.group_by);
    const found = await aggregateOvertime(trx, { companyId, reach, filters, group: group.value });
    const rows: ReportRow[] = found.map((row) => ({
      group: row.label,
      reports: row.reports,
      people: row.people,
      hours: round(row.hours, 2),
      paid_hours: round(row.paid_hours, 2),
      payable_hours: round(row.payable_hours, 2),
      toil_hours: round(row.toil_hours, 2),
    }));
    return groupedResult({
      group,
      columns: [
        { key: 'reports', label: 'Reports', kind: 'number' },
        { key: 'people', label: 'People', kind: 'number' },
        { key: 'hours', label: 'Hours', kind: 'number' },
        { key: 'paid_hours', label: 'Paid hours', kind: 'number' },
        { key: 'payable_hours', label: 'Payable hours', kind: 'number' },
        { key: 'toil_hours', label: 'Time off in lieu (hours)', kind: 'number' },
      ],
      rows,
      summed: ['reports', 'hours', 'paid_hours', 'payable_hours', 'toil_hours'],
      series: [
        { name: 'paid_hours', label: 'Paid hours', color: 'blue.6' },
        { name: 'toil_hours', label: 'Time off in lieu', color: 'grape.6' },
      ],
    });
  },
};
