import { describe, expect, it } from 'vitest';
import type { MenuContext } from '../../../client/shell/menu/menu-context';
import { expensesBadge, expensesTarget, expensesVisible } from './expenses-menu';

const context = (pending: number, endpoints: string[] = ['/api/user-expense']): MenuContext =>
  ({
    permissions: endpoints.map((endpoint) => ({ endpoint, method: 'GET', type: 'own' })),
    restricted: false,
    hrClient: false,
    hsClient: false,
    companySettings: null,
    overtimeSettings: null,
    pending: { user_expense: pending },
  }) as unknown as MenuContext;

describe('the Expenses menu entry', () => {
  it('leads to the claims waiting for the user and counts them', () => {
    expect(expensesTarget(context(3))).toBe('/expenses?view=approve');
    expect(expensesBadge(context(3))).toBe(3);
  });

  it('leads to the user’s own claims when none wait, and shows only with the permission', () => {
    expect(expensesTarget(context(0))).toBe('/expenses');
    expect(expensesVisible(context(0))).toBe(true);
    expect(expensesVisible(context(0, ['/api/user-absence']))).toBe(false);
  });
});
