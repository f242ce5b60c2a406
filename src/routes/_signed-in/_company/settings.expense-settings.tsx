import { createFileRoute } from '@tanstack/react-router';
import { ExpenseSettingsPage } from '../../../modules/expenses/client/expense-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/expense-settings')({
  component: ExpenseSettingsPage,
});
