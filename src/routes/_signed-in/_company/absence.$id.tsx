import { createFileRoute } from '@tanstack/react-router';
import { AbsencePage } from '../../../modules/leave/client/absence-page';

// SPEC §2.7: absence_request notifications land here.
export const Route = createFileRoute('/_signed-in/_company/absence/$id')({
  component: AbsenceRoute,
});

function AbsenceRoute() {
  const { id } = Route.useParams();
  return <AbsencePage id={id} />;
}
