import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { twoFactorQueryOptions } from '../../../modules/settings/client/two-factor.api';
import { UserSettingsPage } from '../../../modules/settings/client/user-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/user-settings/')({
  loader: ({ context }) => startQuery(context.queryClient, twoFactorQueryOptions()),
  component: UserSettingsPage,
});
