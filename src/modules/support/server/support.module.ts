// The support module's registration: contact-us messages to the support and advice teams, the
// administrators' inbox of them, the desk chat files its out-of-hours messages through, and
// the demo's requests in each status.
import type { ServerModule } from '../../../server/server-module';
import { contactRequestDesk } from './contact-desk';
import { seedSupportDemo } from './support-demo.queries';
import { supportGrants } from './support.grants';
import { supportRoutes } from './support.routes';
import { supportPersonalData } from './support.personal-data';

export const supportModule: ServerModule = {
  name: 'support',
  personalData: supportPersonalData,
  contactRequests: contactRequestDesk,
  routes: supportRoutes,
  grants: supportGrants,
  demo: (trx, company) => seedSupportDemo(trx, { companyId: company.companyId, accounts: company.accounts }),
};
