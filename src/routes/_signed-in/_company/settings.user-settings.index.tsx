import { createFileRoute } from '@tanstack/react-router';
import { pageQueries, startQuery } from '../../../client/api/start-query';
import { pushDevicesQueryOptions } from '../../../modules/settings/client/push-devices.api';
import { twoFactorQueryOptions } from '../../../modules/settings/client/two-factor.api';
import { UserSettingsPage } from '../../../modules/settings/client/user-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/user-settings/')({
  loader: ({ context }) =>
    pageQueries(startQuery(context.queryClient, twoFactorQueryOptions()), startQuery(context.queryClient, pushDevicesQueryOptions())),
  component: UserSettingsPage,
});
