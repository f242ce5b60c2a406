// The rotas module's registration: shifts, publishing, claims and swaps, templates, the
// personal iCalendar feed, and the demo company's Kitchen and Operations rotas (and an Office
// shift on a day its person is on leave).
import { daysOffOf } from '../../../server/module-hooks';
import type { ServerModule } from '../../../server/server-module';
import { shiftCalendarSource } from './rota-calendar-source';
import { rotaRoutes } from './rota.routes';
import { rotasGrants } from './rotas.grants';
import { seedRotasDemo } from './rotas-demo';
import { rotasPersonalData } from './rotas.personal-data';

export const rotasModule: ServerModule = {
  name: 'rotas',
  personalData: rotasPersonalData,
  routes: rotaRoutes,
  grants: rotasGrants,
  calendar: [shiftCalendarSource],
  demo: (trx, company) =>
    seedRotasDemo(trx, {
      companyId: company.companyId,
      departments: company.departments,
      accounts: company.accounts,
      daysOff: daysOffOf(company.modules ?? []),
    }),
};
