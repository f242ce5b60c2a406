// The employees module's registration: the directory, profiles and every employee record,
// and the demo company's further twenty people.
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../server/app-deps';
import type { ServerModule } from '../../../server/server-module';
import { employeesGrants } from './employees.grants';
import { employeesJobs } from './employees.jobs';
import { directoryRoutes } from './directory.routes';
import { seedPeopleDemo } from './people-demo.queries';
import { personalRecordsRoutes } from './personal-records.routes';
import { employmentRecordsRoutes } from './employment-records.routes';
import { peopleImportRoutes } from './people-import.routes';
import { employeesPersonalData } from './employees.personal-data';
import { employeesTodos } from './employees.todos';

const employeesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, options) => {
  await app.register(personalRecordsRoutes, options);
  await app.register(employmentRecordsRoutes, options);
  await app.register(directoryRoutes, options);
  await app.register(peopleImportRoutes, options);
};

export const employeesModule: ServerModule = {
  name: 'employees',
  personalData: employeesPersonalData,
  todos: employeesTodos,
  routes: employeesRoutes,
  grants: employeesGrants,
  jobs: employeesJobs,
  demo: (trx, company) =>
    seedPeopleDemo(trx, {
      companyId: company.companyId,
      departments: company.departments,
      employeeRoleId: company.roles.get('Employee') ?? null,
      hrAdminRoleId: company.roles.get('HR admin') ?? null,
      passwordHash: company.passwordHash,
      accounts: { ...company.accounts },
    }),
};
