import { createFileRoute } from '@tanstack/react-router';
import { CompanySettingsPage } from '../../../modules/organisation/client/company-settings-page';

export const Route = createFileRoute('/_signed-in/_company/settings/company-settings')({
  component: CompanySettingsPage,
});
