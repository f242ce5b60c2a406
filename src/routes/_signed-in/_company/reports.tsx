import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { catalogueQueryOptions } from '../../../modules/reports/client/reports.api';
import { ReportsPage } from '../../../modules/reports/client/reports-page';

export const Route = createFileRoute('/_signed-in/_company/reports')({
  loader: ({ context }) => startQuery(context.queryClient, catalogueQueryOptions()),
  component: ReportsPage,
});
