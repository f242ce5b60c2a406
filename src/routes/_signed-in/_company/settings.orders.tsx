import { createFileRoute } from '@tanstack/react-router';
import { OrdersSettingsPage } from '../../../modules/companies/client/orders-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/orders')({
  component: OrdersSettingsPage,
});
