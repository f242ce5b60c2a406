// The expenses module's registration: claims with receipts and mileage, their approval and
// payment, the company's expense types; the approver's pending count; the demo's claims.
import type { ServerModule } from '../../../server/server-module';
import { countClaimsAwaitingMe } from './claims.routes';
import { seedExpensesDemo } from './expenses-demo';
import { expensesGrants } from './expenses.grants';
import { expensesRoutes } from './expenses.routes';

export const expensesModule: ServerModule = {
  name: 'expenses',
  routes: expensesRoutes,
  grants: expensesGrants,
  counters: { user_expense: countClaimsAwaitingMe },
  demo: (trx, company) => seedExpensesDemo(trx, company),
};
