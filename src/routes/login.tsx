import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../modules/auth/client/login-page';
import { redirectSignedIn } from '../modules/auth/client/session-guards';

type LoginSearch = { logout?: 1 };

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    search.logout !== undefined && search.logout !== '0' ? { logout: 1 } : {},
  // Someone already signed in has no business here.
  beforeLoad: redirectSignedIn,
  component: LoginPage,
});
