// The settings module's registration: company and user settings, profile images.
import type { ServerModule } from '../../../server/server-module';
import { settingsGrants } from './settings.grants';
import { settingsRoutes } from './settings.routes';
import { settingsPersonalData } from './settings.personal-data';

export const settingsModule: ServerModule = {
  name: 'settings',
  personalData: settingsPersonalData,
  routes: settingsRoutes,
  grants: settingsGrants,
};
