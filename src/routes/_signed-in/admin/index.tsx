import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { versionQueryOptions } from '../../../client/shell/version.api';
import { AdminHomePage } from '../../../client/shell/admin-home-page';

export const Route = createFileRoute('/_signed-in/admin/')({
  loader: ({ context }) => startQuery(context.queryClient, versionQueryOptions()),
  component: AdminHomePage,
});
