import { createFileRoute } from '@tanstack/react-router';
import { requireCompanyUser } from '../../modules/auth/client/session-guards';

// The pages of a company's users: administrators go to /admin, users whose
// onboarding is not finished to /welcome, docs-only sessions to their documents areas.
export const Route = createFileRoute('/_signed-in/_company')({
  beforeLoad: ({ location }) => requireCompanyUser(location.pathname),
});
