import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ClaimEditPage } from '../../../modules/expenses/client/claim-edit-page';
import { claimQueryOptions, expenseTypesQueryOptions } from '../../../modules/expenses/client/expenses.api';

export const Route = createFileRoute('/_signed-in/_company/expense/$id/edit')({
  loader: ({ context, params }) => {
    startQuery(context.queryClient, claimQueryOptions(params.id));
    startQuery(context.queryClient, expenseTypesQueryOptions({ includeArchived: true }));
  },
  component: EditClaimRoute,
});

function EditClaimRoute() {
  const { id } = Route.useParams();
  return <ClaimEditPage id={id} />;
}
