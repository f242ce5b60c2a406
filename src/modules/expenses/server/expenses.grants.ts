// Claims: owners and HR admins company-wide (they also pay claims, export them and manage the
// expense types and mileage rates), managers their departments' people (and approve for
// them), employees their own. Line managers approve their reports whatever their scope.
// The same entries the roles held while /api/user-expense was still to come (auth.grants.ts).
import { grant, type RoleGrants } from '../../../server/roles';
import { EXPENSE_ENDPOINT } from '../expenses.contract';

export const expensesGrants: RoleGrants = {
  Owner: grant(EXPENSE_ENDPOINT, 'company'),
  'HR admin': grant(EXPENSE_ENDPOINT, 'company'),
  Manager: grant(EXPENSE_ENDPOINT, 'department'),
  Employee: grant(EXPENSE_ENDPOINT, 'own'),
};
