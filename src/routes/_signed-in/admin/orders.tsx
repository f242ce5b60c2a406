import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { orderQueueQueryOptions } from '../../../modules/companies/client/companies.api';
import { AdminOrdersPage } from '../../../modules/companies/client/admin-orders-page';

export const Route = createFileRoute('/_signed-in/admin/orders')({
  loader: ({ context }) => startQuery(context.queryClient, orderQueueQueryOptions('pending', 1)),
  component: AdminOrdersPage,
});
