import { createFileRoute } from '@tanstack/react-router';
import { startBalancesPage } from '../../../modules/leave/client/balances.api';
import { BalancesPage } from '../../../modules/leave/client/balances-page';

// ?user_id= shows someone else's balances to those whose scope reaches them; without it, one's own.
export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/balances')({
  validateSearch: (search: Record<string, unknown>): { user_id?: string } =>
    typeof search.user_id === 'string' && search.user_id ? { user_id: search.user_id } : {},
  loaderDeps: ({ search }) => ({ user_id: search.user_id }),
  loader: ({ context, deps }) => startBalancesPage(context.queryClient, deps.user_id),
  component: BalancesRoute,
});

function BalancesRoute() {
  const { user_id } = Route.useSearch();
  return <BalancesPage userId={user_id} />;
}
