// The payroll module's registration: pay period settings, the review and export of a period's
// payroll data gathered from every module's `payroll` contributor (module-hooks.ts), sending
// it to the payroll contact, and the demo's settings. It contributes nothing itself: starters
// and leavers are part of the build.
import type { ServerModule } from '../../../server/server-module';
import { seedPayrollDemo } from './payroll-demo';
import { payrollGrants } from './payroll.grants';
import { payrollRoutes } from './payroll.routes';
import { payrollPersonalData } from './payroll.personal-data';

export const payrollModule: ServerModule = {
  name: 'payroll',
  personalData: payrollPersonalData,
  routes: payrollRoutes,
  grants: payrollGrants,
  demo: seedPayrollDemo,
};
