import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { incidentQueryOptions } from '../../../modules/incidents/client/incidents.api';
import { IncidentPage } from '../../../modules/incidents/client/incident-page';
import { FollowUpActionButton } from '../../../modules/tasks/client/task-form-modal';

// The incident's follow-up actions are H&S tasks: the tasks module's form, shown on the
// incident module's page (the route composes the two modules).
export const Route = createFileRoute('/_signed-in/_company/incident-log/$id')({
  loader: ({ context, params }) => startQuery(context.queryClient, incidentQueryOptions(params.id)),
  component: IncidentRoute,
});

function IncidentRoute() {
  const { id } = Route.useParams();
  const selfId = readTokenClaims(getToken())?.user_id ?? '';
  return (
    <IncidentPage
      id={id}
      actions={(incident) => (incident.can_edit ? <FollowUpActionButton incidentId={incident.id} selfId={selfId} /> : null)}
    />
  );
}
