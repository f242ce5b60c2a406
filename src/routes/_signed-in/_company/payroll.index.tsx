import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { periodsQueryOptions } from '../../../modules/payroll/client/payroll.api';
import { PayrollPeriodsPage } from '../../../modules/payroll/client/payroll-periods-page';

export const Route = createFileRoute('/_signed-in/_company/payroll/')({
  loader: ({ context }) => startQuery(context.queryClient, periodsQueryOptions()),
  component: PayrollPeriodsPage,
});
