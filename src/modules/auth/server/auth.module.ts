// The identity module's registration: sign-in, sessions, accounts, onboarding, access
// requests and the companies list of the admin area.
import type { ServerModule } from '../../../server/server-module';
import { authGrants } from './auth.grants';
import { authRoutes } from './auth.routes';
import { seedOnboardingDemo } from './onboarding-demo';
import { authPersonalData } from './auth.personal-data';
import { authTodos } from './auth.todos';
import { identityOffer } from './identity-offer';

export const authModule: ServerModule = {
  name: 'auth',
  personalData: authPersonalData,
  todos: authTodos,
  routes: authRoutes,
  grants: authGrants,
  identity: identityOffer,
  demo: (trx, company) => {
    const [manager, employee] = [company.accounts['manager@demo.test'], company.accounts['employee@demo.test']];
    return seedOnboardingDemo(trx, {
      companyId: company.companyId,
      companyName: company.companyName,
      employeeRoleId: company.roles.get('Employee') ?? null,
      departmentId: company.departments.Operations ?? '',
      lineManager: manager && employee ? { userId: employee, managerId: manager } : null,
      ...(company.config ? { config: company.config } : {}),
    });
  },
};
