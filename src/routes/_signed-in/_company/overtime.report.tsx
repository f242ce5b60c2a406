import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { allowanceQueryOptions } from '../../../modules/overtime/client/overtime.api';
import { parseReportSearch } from '../../../modules/overtime/client/overtime-search';
import { ReportPage } from '../../../modules/overtime/client/report-page';

export const Route = createFileRoute('/_signed-in/_company/overtime/report')({
  validateSearch: parseReportSearch,
  loader: ({ context }) => startQuery(context.queryClient, allowanceQueryOptions(null)),
  component: ReportPage,
});
