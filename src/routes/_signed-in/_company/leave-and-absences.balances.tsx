import { createFileRoute } from '@tanstack/react-router';
import { BalancesPage } from '../../../modules/leave/client/balances-page';

export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/balances')({
  component: BalancesPage,
});
