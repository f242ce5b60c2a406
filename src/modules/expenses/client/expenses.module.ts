// What the expenses module gives the shell: the Expenses menu entry, its settings page and the
// approvers' dashboard card.
import { IconReceipt } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { expenseApprovalsReads, ExpenseApprovalsWidget } from './approvals-widget';
import { expensesBadge, expensesTarget, expensesVisible } from './expenses-menu';

export const expensesClientModule: ClientModule = {
  name: 'expenses',
  menu: [
    {
      key: 'expenses',
      title: 'Expenses',
      icon: IconReceipt,
      kind: 'link',
      needs: ['pending'],
      target: expensesTarget,
      visible: expensesVisible,
      badge: expensesBadge,
    },
  ],
  settings: [{ path: '/settings/expense-settings', label: 'Expense Settings', resources: ['expense-type'] }],
  widgets: [{ key: 'expenses-to-approve', order: 32, component: ExpenseApprovalsWidget, reads: expenseApprovalsReads }],
};
