import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { adminAlertsQueryOptions } from '../../../modules/alerts/client/alerts.api';
import { AdminAlertsPage } from '../../../modules/alerts/client/admin-alerts-page';

export const Route = createFileRoute('/_signed-in/admin/alerts')({
  loader: ({ context }) => startQuery(context.queryClient, adminAlertsQueryOptions({ page: 1 })),
  component: AdminAlertsPage,
});
