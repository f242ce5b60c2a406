// The alerts module's registration: administrators' alerts and dashboard alerts.
import type { ServerModule } from '../../../server/server-module';
import { alertsGrants } from './alerts.grants';
import { alertsRoutes } from './alerts.routes';
import { alertsPersonalData } from './alerts.personal-data';

export const alertsModule: ServerModule = { name: 'alerts', personalData: alertsPersonalData, routes: alertsRoutes, grants: alertsGrants };
