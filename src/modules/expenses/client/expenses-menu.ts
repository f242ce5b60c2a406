// The Expenses menu entry's rules: shown to whoever holds /api/user-expense; it goes to the
// claims waiting for the user when some wait (its badge counts them), else to their own.
import { holds, pendingCount, type MenuContext } from '../../../client/shell/menu/menu-context';
import { EXPENSE_ENDPOINT } from '../expenses.contract';

export const expensesVisible = (context: MenuContext) => holds(context, EXPENSE_ENDPOINT);
export const expensesBadge = (context: MenuContext) => pendingCount(context, 'user_expense');
export const expensesTarget = (context: MenuContext) => (expensesBadge(context) > 0 ? '/expenses?view=approve' : '/expenses');
