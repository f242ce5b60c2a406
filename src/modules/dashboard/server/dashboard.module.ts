// The dashboard module's registration: GET /api/pending-count, which sums the other modules' counters.
import type { ServerModule } from '../../../server/server-module';
import { pendingCountRoutes } from './pending-count.routes';
import { dashboardPersonalData } from './dashboard.personal-data';

export const dashboardModule: ServerModule = { name: 'dashboard', personalData: dashboardPersonalData, routes: pendingCountRoutes };
