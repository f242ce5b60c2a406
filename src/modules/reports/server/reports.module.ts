// The reports module's registration: the reports screen's calls, the monthly e-mail job, and
// the reports over data every install has (absence, sickness, Bradford factor, headcount and
// turnover, length of service), and the demo's sickness history. Other modules register their
// own reports in theirs.
import type { ServerModule } from '../../../server/server-module';
import { REPORTS_ON_MAIN } from './absence-reports';
import { reportJobs } from './report-mail.job';
import { seedReportsDemo } from './reports-demo';
import { reportsGrants } from './reports.grants';
import { reportsRoutes } from './reports.routes';
import { reportsPersonalData } from './reports.personal-data';

export const reportsModule: ServerModule = {
  name: 'reports',
  personalData: reportsPersonalData,
  routes: reportsRoutes,
  grants: reportsGrants,
  jobs: reportJobs,
  reports: REPORTS_ON_MAIN,
  demo: (trx, company) => seedReportsDemo(trx, { companyId: company.companyId, accounts: company.accounts }),
};
