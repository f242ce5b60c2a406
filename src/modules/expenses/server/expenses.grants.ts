// Claims: owners and HR admins company-wide (they also pay claims, export them and manage the
// expense types and mileage rates), managers their departments' people (and approve for
// them), employees their own. Line managers approve their reports whatever their scope.
// The same /api/user-expense entries the roles held while it was still to come (auth.grants.ts);
// /api/expense-type is new, given to older roles by migration 0019.
import { grant, type RoleGrants } from '../../../server/roles';
import { EXPENSE_ENDPOINT, EXPENSE_TYPE_ENDPOINT } from '../expenses.contract';

export const expensesGrants: RoleGrants = {
  Owner: [...grant(EXPENSE_ENDPOINT, 'company'), ...grant(EXPENSE_TYPE_ENDPOINT, 'company')],
  'HR admin': [...grant(EXPENSE_ENDPOINT, 'company'), ...grant(EXPENSE_TYPE_ENDPOINT, 'company')],
  Manager: grant(EXPENSE_ENDPOINT, 'department'),
  Employee: grant(EXPENSE_ENDPOINT, 'own'),
};
