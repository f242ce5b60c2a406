import { createFileRoute } from '@tanstack/react-router';
import { twoFactorQueryOptions } from '../../../modules/settings/client/two-factor.api';
import { UserSettingsPage } from '../../../modules/settings/client/user-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/user-settings/')({
  // Started early; the page shows its own loading and errors, so a failure here is not fatal.
  loader: ({ context }) => void context.queryClient.prefetchQuery(twoFactorQueryOptions()),
  component: UserSettingsPage,
});
