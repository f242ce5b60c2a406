// The organisation module's registration: locations, departments, job titles, tags and the
// other lists of the settings tabs.
import type { ServerModule } from '../../../server/server-module';
import { organisationGrants } from './organisation.grants';
import { organisationRoutes } from './organisation.routes';

export const organisationModule: ServerModule = { name: 'organisation', routes: organisationRoutes, grants: organisationGrants };
