// The product's server modules, in the order they mount. A module is a Fastify plugin that
// declares the access of every route it adds.
import type { FastifyPluginAsync } from 'fastify';
import { alertsRoutes } from '../modules/alerts/server/alerts.routes';
import { authRoutes } from '../modules/auth/server/auth.routes';
import { pendingCountRoutes } from '../modules/dashboard/server/pending-count.routes';
import { organisationRoutes } from '../modules/organisation/server/organisation.routes';
import { notificationsRoutes } from '../modules/notifications/server/notifications.routes';
import { settingsRoutes } from '../modules/settings/server/settings.routes';
import { recordsARoutes } from '../modules/employees/server/records-a.routes';
import { recordsBRoutes } from '../modules/employees/server/records-b.routes';
import { directoryRoutes } from '../modules/employees/server/directory.routes';
import { leaveRoutes } from '../modules/leave/server/leave.routes';
import { supportRoutes } from '../modules/support/server/support.routes';
import type { AppDeps } from './app';

export const serverModules: FastifyPluginAsync<{ deps: AppDeps }>[] = [
  authRoutes,
  notificationsRoutes,
  pendingCountRoutes,
  alertsRoutes,
  supportRoutes,
  settingsRoutes,
  organisationRoutes,
  recordsARoutes,
  recordsBRoutes,
  directoryRoutes,
  leaveRoutes,
];
