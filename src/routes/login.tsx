import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../client/auth/login-page';
import { getToken } from '../client/auth/token-store';

type LoginSearch = { logout?: 1 };

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    search.logout !== undefined && search.logout !== '0' ? { logout: 1 } : {},
  // Someone already signed in has no business here (SPEC §2.2).
  beforeLoad: () => {
    if (getToken()) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
