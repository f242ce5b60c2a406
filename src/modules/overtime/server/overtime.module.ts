// The overtime module's registration: reports and their approval, the company's overtime
// settings, the approver's pending count, the expiry of time off in lieu, paid overtime as
// payroll elements, and the demo's reports.
import type { ServerModule } from '../../../server/server-module';
import { seedOvertimeDemo } from './overtime-demo';
import { overtimeGrants } from './overtime.grants';
import { overtimeJobs } from './overtime.jobs';
import { overtimePayroll } from './overtime-payroll';
import { countOvertimeAwaitingMe, overtimeRoutes } from './overtime.routes';

export const overtimeModule: ServerModule = {
  name: 'overtime',
  routes: overtimeRoutes,
  grants: overtimeGrants,
  counters: { user_overtime: countOvertimeAwaitingMe },
  jobs: overtimeJobs,
  payroll: overtimePayroll,
  demo: seedOvertimeDemo,
};
