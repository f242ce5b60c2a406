// The organisation module's registration: locations, departments, job titles, tags and the
// other lists of the settings tabs.
import type { ServerModule } from '../../../server/server-module';
import { organisationGrants } from './organisation.grants';
import { organisationRoutes } from './organisation.routes';
import { organisationPersonalData } from './organisation.personal-data';

export const organisationModule: ServerModule = {
  name: 'organisation',
  personalData: organisationPersonalData,
  routes: organisationRoutes,
  grants: organisationGrants,
};
