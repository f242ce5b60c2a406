import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { leaveTypesQueryOptions } from '../../../modules/leave/client/requests.api';
import { RequestPage } from '../../../modules/leave/client/request-page';

// The leave types to choose from are the form's one lookup: started here, so the offline
// readiness's preload keeps them and the form opens with no signal on a device never on it.
export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/request')({
  loader: ({ context }) => startQuery(context.queryClient, leaveTypesQueryOptions()),
  component: RequestPage,
});
