// The incident log's registration: the accident book with RIDDOR help, its reminder job, its
// report on /reports and the demo company's incident (after leave, whose sickness absence it links).
import type { ServerModule } from '../../../server/server-module';
import { seedIncidentsDemo } from './incidents-demo';
import { incidentsReport } from './incidents-report';
import { incidentsGrants } from './incidents.grants';
import { incidentJobs } from './incidents.jobs';
import { incidentsRoutes } from './incidents.routes';
import { incidentsPersonalData } from './incidents.personal-data';
import { incidentsTodos } from './incidents.todos';

export const incidentsModule: ServerModule = {
  name: 'incidents',
  personalData: incidentsPersonalData,
  todos: incidentsTodos,
  routes: incidentsRoutes,
  grants: incidentsGrants,
  jobs: incidentJobs,
  reports: [incidentsReport],
  demo: (trx, company) => seedIncidentsDemo(trx, company),
};
