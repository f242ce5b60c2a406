import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { returnToWorkQueryOptions } from '../../../modules/leave/client/return-to-work.api';
import { SelfCertificationPage } from '../../../modules/leave/client/self-certification-page';

// return_to_work notifications land here.
export const Route = createFileRoute('/_signed-in/_company/return-to-work/$id/self-certification')({
  loader: ({ context, params }) => startQuery(context.queryClient, returnToWorkQueryOptions(params.id)),
  component: SelfCertificationRoute,
});

function SelfCertificationRoute() {
  const { id } = Route.useParams();
  return <SelfCertificationPage id={id} />;
}
