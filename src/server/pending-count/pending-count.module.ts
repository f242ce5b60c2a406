// The platform's pending-count registration, listed with the modules: GET /api/pending-count, which sums the modules' counters.
import type { ServerModule } from '../server-module';
import { pendingCountRoutes } from './pending-count.routes';
import { dashboardPersonalData } from './pending-count.personal-data';

export const dashboardModule: ServerModule = { name: 'dashboard', personalData: dashboardPersonalData, routes: pendingCountRoutes };
