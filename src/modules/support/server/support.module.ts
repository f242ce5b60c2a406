// The support module's registration: contact-us messages to the support and advice teams.
import type { ServerModule } from '../../../server/server-module';
import { supportGrants } from './support.grants';
import { supportRoutes } from './support.routes';

export const supportModule: ServerModule = { name: 'support', routes: supportRoutes, grants: supportGrants };
