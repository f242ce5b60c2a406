import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { periodQueryOptions } from '../../../modules/payroll/client/payroll.api';
import { PayrollPeriodPage } from '../../../modules/payroll/client/payroll-period-page';

export const Route = createFileRoute('/_signed-in/_company/payroll/$start')({
  loader: ({ context, params }) => startQuery(context.queryClient, periodQueryOptions(params.start)),
  component: PayrollPeriodRoute,
});

function PayrollPeriodRoute() {
  const { start } = Route.useParams();
  return <PayrollPeriodPage start={start} />;
}
