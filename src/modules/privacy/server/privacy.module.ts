// The privacy module's registration: subject access exports, retention, the special-category
// register; the jobs that build exports and run retention; the platform tables' personal data.
import type { ServerModule } from '../../../server/server-module';
import { seedPrivacyDemo } from './privacy-demo';
import { privacyGrants } from './privacy.grants';
import { privacyJobs } from './privacy.jobs';
import { privacyPersonalData } from './privacy.personal-data';
import { privacyRoutes } from './privacy.routes';

export const privacyModule: ServerModule = {
  name: 'privacy',
  personalData: privacyPersonalData,
  routes: privacyRoutes,
  grants: privacyGrants,
  jobs: privacyJobs,
  demo: (trx, company) => seedPrivacyDemo(trx, { companyId: company.companyId }),
};
