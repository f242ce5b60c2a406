import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { incidentListQueryOptions } from '../../../modules/incidents/client/incidents.api';
import { IncidentsPage } from '../../../modules/incidents/client/incidents-page';

export const Route = createFileRoute('/_signed-in/_company/incident-logs/')({
  loader: ({ context }) => startQuery(context.queryClient, incidentListQueryOptions({ filters: {}, page: 1 })),
  component: IncidentsPage,
});
