import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { payrollSettingsQueryOptions } from '../../../modules/payroll/client/payroll.api';
import { PayrollSettingsPage } from '../../../modules/payroll/client/payroll-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/payroll')({
  loader: ({ context }) => startQuery(context.queryClient, payrollSettingsQueryOptions()),
  component: PayrollSettingsPage,
});
