// The notifications module's registration: the bell's list, read and click.
import type { ServerModule } from '../../../server/server-module';
import { notificationsRoutes } from './notifications.routes';

export const notificationsModule: ServerModule = { name: 'notifications', routes: notificationsRoutes };
