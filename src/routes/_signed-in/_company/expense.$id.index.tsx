import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ClaimPage } from '../../../modules/expenses/client/claim-page';
import { claimQueryOptions } from '../../../modules/expenses/client/expenses.api';

// expense notifications land here.
export const Route = createFileRoute('/_signed-in/_company/expense/$id/')({
  loader: ({ context, params }) => startQuery(context.queryClient, claimQueryOptions(params.id)),
  component: ClaimRoute,
});

function ClaimRoute() {
  const { id } = Route.useParams();
  return <ClaimPage id={id} />;
}
