// The alerts module's registration: administrators' alerts and dashboard alerts.
import type { ServerModule } from '../../../server/server-module';
import { alertsGrants } from './alerts.grants';
import { alertsRoutes } from './alerts.routes';

export const alertsModule: ServerModule = { name: 'alerts', routes: alertsRoutes, grants: alertsGrants };
