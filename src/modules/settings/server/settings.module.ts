// The settings module's registration: company and user settings, profile images.
import type { ServerModule } from '../../../server/server-module';
import { settingsGrants } from './settings.grants';
import { settingsRoutes } from './settings.routes';

export const settingsModule: ServerModule = { name: 'settings', routes: settingsRoutes, grants: settingsGrants };
