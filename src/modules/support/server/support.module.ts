// The support module's registration: contact-us messages to the support and advice teams, the
// administrators' inbox of them, and the demo's requests in each status.
import type { ServerModule } from '../../../server/server-module';
import { seedSupportDemo } from './support-demo';
import { supportGrants } from './support.grants';
import { supportRoutes } from './support.routes';
import { supportPersonalData } from './support.personal-data';

export const supportModule: ServerModule = {
  name: 'support',
  personalData: supportPersonalData,
  routes: supportRoutes,
  grants: supportGrants,
  demo: (trx, company) => seedSupportDemo(trx, { companyId: company.companyId, accounts: company.accounts }),
};
