import { createFileRoute } from '@tanstack/react-router';
import { CompanySignInPage } from '../../../modules/auth/client/company-sign-in-page';

export const Route = createFileRoute('/_signed-in/_company/settings/sign-in-security')({
  component: CompanySignInPage,
});
