import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { overtimeSettingsQueryOptions } from '../../../modules/overtime/client/overtime.api';
import { OvertimeSettingsPage } from '../../../modules/overtime/client/overtime-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/overtime')({
  loader: ({ context }) => startQuery(context.queryClient, overtimeSettingsQueryOptions()),
  component: OvertimeSettingsPage,
});
