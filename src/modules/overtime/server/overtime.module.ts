// The overtime module's registration: reports and their approval, the company's overtime
// settings, the approver's pending count, the expiry of time off in lieu, paid overtime as
// payroll elements, the overtime report on /reports, overtime claimed from the time clock's
// offers (overtime-claims.ts), and the demo's reports.
import type { ServerModule } from '../../../server/server-module';
import { seedOvertimeDemo } from './overtime-demo';
import { overtimeClaims } from './overtime-claims';
import { overtimeGrants } from './overtime.grants';
import { overtimeJobs } from './overtime.jobs';
import { overtimePayroll } from './overtime-payroll';
import { overtimeReport } from './overtime-report';
import { countOvertimeAwaitingMe, overtimeRoutes } from './overtime.routes';
import { overtimePersonalData } from './overtime.personal-data';
import { overtimeTodos } from './overtime.todos';

export const overtimeModule: ServerModule = {
  name: 'overtime',
  personalData: overtimePersonalData,
  todos: overtimeTodos,
  routes: overtimeRoutes,
  grants: overtimeGrants,
  counters: { user_overtime: countOvertimeAwaitingMe },
  jobs: overtimeJobs,
  payroll: overtimePayroll,
  overtimeClaims,
  reports: [overtimeReport],
  demo: seedOvertimeDemo,
};
