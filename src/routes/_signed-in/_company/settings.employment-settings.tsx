import { createFileRoute } from '@tanstack/react-router';
import { EmploymentSettingsLayout } from '../../../modules/organisation/client/employment-settings';

export const Route = createFileRoute('/_signed-in/_company/settings/employment-settings')({
  component: EmploymentSettingsLayout,
});
