import { createFileRoute } from '@tanstack/react-router';
import { AdminOrdersPage } from '../../../modules/companies/client/admin-orders-page';

export const Route = createFileRoute('/_signed-in/admin/orders')({
  component: AdminOrdersPage,
});
