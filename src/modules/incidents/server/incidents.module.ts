// The incident log's registration: the accident book with RIDDOR help, its reminder job and the
// demo company's incident (after leave, whose sickness absence it links).
import type { ServerModule } from '../../../server/server-module';
import { seedIncidentsDemo } from './incidents-demo';
import { incidentsGrants } from './incidents.grants';
import { incidentJobs } from './incidents.jobs';
import { incidentsRoutes } from './incidents.routes';

export const incidentsModule: ServerModule = {
  name: 'incidents',
  routes: incidentsRoutes,
  grants: incidentsGrants,
  jobs: incidentJobs,
  demo: (trx, company) => seedIncidentsDemo(trx, company),
};
