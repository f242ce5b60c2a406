import { createFileRoute } from '@tanstack/react-router';
import { UserSettingsLayout } from '../../../modules/settings/client/user-settings-layout';

export const Route = createFileRoute('/_signed-in/_company/settings/user-settings')({
  component: UserSettingsLayout,
});
