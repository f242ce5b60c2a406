// The noticeboard's registration: its API, grants, publish job and demo notices.
import type { ServerModule } from '../../../server/server-module';
import { seedNoticesDemo } from './notices-demo';
import { noticesGrants } from './notices.grants';
import { noticesJobs } from './notices.jobs';
import { noticesRoutes } from './notices.routes';
import { noticesPersonalData } from './notices.personal-data';
import { noticesTodos } from './notices.todos';

export const noticesModule: ServerModule = {
  name: 'notices',
  personalData: noticesPersonalData,
  todos: noticesTodos,
  routes: noticesRoutes,
  grants: noticesGrants,
  jobs: noticesJobs,
  demo: (trx, company) =>
    seedNoticesDemo(trx, { companyId: company.companyId, departments: company.departments, accounts: company.accounts }),
};
