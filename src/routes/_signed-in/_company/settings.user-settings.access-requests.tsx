import { createFileRoute } from '@tanstack/react-router';
import { CompanyAccessRequestsPage } from '../../../modules/auth/client/company-access-requests-page';

// ?request_id= is the request a notification links to; the page reads it raw.
export const Route = createFileRoute('/_signed-in/_company/settings/user-settings/access-requests')({
  component: CompanyAccessRequestsPage,
});
