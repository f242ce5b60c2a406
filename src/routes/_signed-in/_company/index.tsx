import { createFileRoute } from '@tanstack/react-router';
import { clientModules } from '../../../app/client/modules';
import { startDashboardReads } from '../../../client/shell/dashboard/dashboard-reads';
import { HomePage } from '../../../client/shell/home-page';

// Every card's first reads start with the page's code, as one request.
export const Route = createFileRoute('/_signed-in/_company/')({
  loader: ({ context }) => startDashboardReads(context.queryClient, clientModules),
  component: HomePage,
});
