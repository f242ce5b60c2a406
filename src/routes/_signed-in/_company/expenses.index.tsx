import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ExpensesPage } from '../../../modules/expenses/client/expenses-page';
import { parseClaimsSearch } from '../../../modules/expenses/client/claims-search';
import { claimListPageQueryOptions } from '../../../modules/expenses/client/expenses.api';

// The view (mine, approve, all) and filters live in the address.
export const Route = createFileRoute('/_signed-in/_company/expenses/')({
  validateSearch: parseClaimsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startQuery(context.queryClient, claimListPageQueryOptions(deps)),
  component: ExpensesPage,
});
