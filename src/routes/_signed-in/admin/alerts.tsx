import { createFileRoute } from '@tanstack/react-router';
import { AdminAlertsPage } from '../../../modules/alerts/client/admin-alerts-page';

export const Route = createFileRoute('/_signed-in/admin/alerts')({
  component: AdminAlertsPage,
});
