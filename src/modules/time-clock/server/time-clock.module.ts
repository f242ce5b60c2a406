// The time clock's registration: clocking in and out (offline through the outbox), the
// managers' timesheets with edits and approval, approved hours as payroll elements, the
// forgotten clock-out job, the attendance report, clocked time on the calendar, the personal data it keeps, and the demo week.
import type { ServerModule } from '../../../server/server-module';
import { attendanceReport } from './attendance-report';
import { clockedTimeCalendarSource } from './time-clock-calendar';
import { seedTimeClockDemo } from './time-clock-demo';
import { timeClockGrants } from './time-clock.grants';
import { timeClockJobs } from './time-clock.jobs';
import { timeClockPayroll } from './time-clock-payroll';
import { timeClockPersonalData } from './time-clock.personal-data';
import { timeClockRoutes } from './time-clock.routes';

export const timeClockModule: ServerModule = {
  name: 'time-clock',
  personalData: timeClockPersonalData,
  routes: timeClockRoutes,
  grants: timeClockGrants,
  jobs: timeClockJobs,
  payroll: timeClockPayroll,
  reports: [attendanceReport],
  calendar: [clockedTimeCalendarSource],
  demo: (trx, company) => seedTimeClockDemo(trx, company),
};
