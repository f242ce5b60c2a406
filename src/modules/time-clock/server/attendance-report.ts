// The attendance report on /reports: the rota's ended shifts against the time clock, by person,
// department or month — shifts clocked and not clocked, late arrivals and early leavings with
// their minutes — for the people whose timesheets the caller reads.
import { groupedReport, PERSON_AND_MONTH_GROUPS } from '../../../server/reports/grouped-report';
import { TIMESHEETS_ENDPOINT } from '../time-clock.contract';
import { countAttendance } from './attendance-report.queries';

export const attendanceReport = groupedReport({
  key: 'attendance',
  title: 'Attendance against the rota',
  description: 'Published shifts that have ended, against the time clock: shifts not clocked, late arrivals and early leavings.',
  endpoint: TIMESHEETS_ENDPOINT,
  groups: [...PERSON_AND_MONTH_GROUPS],
  find: countAttendance,
  columns: [
    { key: 'shifts', label: 'Shifts', value: (row) => row.shifts, total: 'sum' },
    { key: 'clocked', label: 'Clocked', value: (row) => row.clocked, total: 'sum' },
    { key: 'not_clocked', label: 'Not clocked', value: (row) => row.not_clocked, total: 'sum', chart: 'red.6' },
    { key: 'late', label: 'Late arrivals', value: (row) => row.late, total: 'sum', chart: 'orange.6' },
    { key: 'late_minutes', label: 'Minutes late', value: (row) => row.late_minutes, total: 'sum' },
    { key: 'early', label: 'Left early', value: (row) => row.early, total: 'sum', chart: 'yellow.6' },
    { key: 'early_minutes', label: 'Minutes early', value: (row) => row.early_minutes, total: 'sum' },
  ],
});
