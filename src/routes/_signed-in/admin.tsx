import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '../../client/shell/admin-home-page';
import { requireAdministrator } from '../../modules/auth/client/session-guards';

// Administrators have no company (SPEC §2.3, §6); company users have their own home.
export const Route = createFileRoute('/_signed-in/admin')({
  beforeLoad: requireAdministrator,
  component: AdminHomePage,
});
