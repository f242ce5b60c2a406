import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ClaimForm } from '../../../modules/expenses/client/claim-form';
import { expenseTypesQueryOptions } from '../../../modules/expenses/client/expenses.api';

export const Route = createFileRoute('/_signed-in/_company/expenses/new')({
  loader: ({ context }) => startQuery(context.queryClient, expenseTypesQueryOptions({ includeArchived: true })),
  component: NewClaimRoute,
});

function NewClaimRoute() {
  return <ClaimForm />;
}
