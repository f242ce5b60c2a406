// The expenses module's registration: claims with receipts and mileage, their approval and
// payment, the company's expense types; the approver's pending count; the claims a pay period
// exports; the demo's claims.
import type { ServerModule } from '../../../server/server-module';
import { countClaimsAwaitingMe } from './claims.routes';
import { seedExpensesDemo } from './expenses-demo';
import { expensesPayroll } from './expenses-payroll.service';
import { expensesGrants } from './expenses.grants';
import { expensesRoutes } from './expenses.routes';

export const expensesModule: ServerModule = {
  name: 'expenses',
  routes: expensesRoutes,
  grants: expensesGrants,
  counters: { user_expense: countClaimsAwaitingMe },
  payroll: expensesPayroll,
  demo: (trx, company) => seedExpensesDemo(trx, company),
};
