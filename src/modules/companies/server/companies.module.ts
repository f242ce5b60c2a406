// The companies module's registration: administrators' companies and orders queue, company
// sign-up, a company's orders and first-run checklist, a person's own access, and the seat limit every
// addition of a person meets.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import type { ServerModule } from '../../../server/server-module';
import { AppError } from '../../../shared/app-error';
import { seatRefusal } from '../companies.policy';
import { administratorsRoutes } from './administrators.routes';
import { companiesGrants } from './companies.grants';
import { seedCompaniesDemo } from './companies-demo.queries';
import { companiesPersonalData } from './companies.personal-data';
import { seatCount } from './companies.queries';
import { companiesRoutes } from './companies.routes';
import { ordersRoutes } from './orders.routes';
import { platformAuditRoutes } from './platform-audit.routes';
import { signUpRoutes } from './sign-up.routes';
import { companiesTodos } from './companies.todos';

const routes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, options) => {
  await app.register(companiesRoutes, options);
  await app.register(ordersRoutes, options);
  await app.register(administratorsRoutes, options);
  await app.register(platformAuditRoutes, options);
  await app.register(signUpRoutes, options);
};

export const companiesModule: ServerModule = {
  name: 'companies',
  personalData: companiesPersonalData,
  todos: companiesTodos,
  routes,
  grants: companiesGrants,
  // In the transaction that adds the person: one past the seats bought rolls the addition back.
  onPersonAdded: async (trx, person) => {
    const count = await seatCount(trx, person.companyId);
    const refusal = count ? seatRefusal(count) : null;
    if (refusal) throw new AppError('conflict', { message: refusal });
  },
  demo: seedCompaniesDemo,
};
