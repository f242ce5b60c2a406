// The expenses module's registration: claims with receipts and mileage, their approval and
// payment, the company's expense types; the approver's pending count; the claims a pay period
// exports; the expenses report; the demo's claims.
import type { ServerModule } from '../../../server/server-module';
import { countClaimsAwaitingMe } from './claims.routes';
import { seedExpensesDemo } from './expenses-demo.queries';
import { expensesPayroll } from './expenses-payroll.service';
import { expensesReport } from './expenses-report';
import { expensesGrants } from './expenses.grants';
import { expensesRoutes } from './expenses.routes';
import { expensesPersonalData } from './expenses.personal-data';
import { expensesTodos } from './expenses.todos';

export const expensesModule: ServerModule = {
  name: 'expenses',
  personalData: expensesPersonalData,
  todos: expensesTodos,
  routes: expensesRoutes,
  grants: expensesGrants,
  counters: { user_expense: countClaimsAwaitingMe },
  payroll: expensesPayroll,
  reports: [expensesReport],
  demo: (trx, company) => seedExpensesDemo(trx, company),
};
