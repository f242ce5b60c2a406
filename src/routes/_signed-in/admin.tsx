import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAdministrator } from '../../modules/auth/client/session-guards';

// The administration area: administrators have no company; company users
// have their own home. Each admin screen is a child route of this one.
export const Route = createFileRoute('/_signed-in/admin')({
  beforeLoad: requireAdministrator,
  component: Outlet,
});
