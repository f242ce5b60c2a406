import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '../../../client/shell/admin-home-page';

export const Route = createFileRoute('/_signed-in/admin/')({
  component: AdminHomePage,
});
