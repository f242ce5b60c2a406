import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { AbsencePage } from '../../../modules/leave/client/absence-page';
import { absenceQueryOptions } from '../../../modules/leave/client/absences.api';

// absence_request notifications land here.
export const Route = createFileRoute('/_signed-in/_company/absence/$id')({
  loader: ({ context, params }) => startQuery(context.queryClient, absenceQueryOptions(params.id)),
  component: AbsenceRoute,
});

function AbsenceRoute() {
  const { id } = Route.useParams();
  return <AbsencePage id={id} />;
}
