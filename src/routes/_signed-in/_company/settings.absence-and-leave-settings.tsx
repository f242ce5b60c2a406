import { createFileRoute } from '@tanstack/react-router';
import { LeaveSettingsPage } from '../../../modules/leave/client/leave-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/absence-and-leave-settings')({
  component: LeaveSettingsPage,
});
