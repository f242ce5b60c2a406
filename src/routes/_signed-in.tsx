import { createFileRoute, redirect } from '@tanstack/react-router';
import { getToken } from '../client/auth/token-store';
import { SignedInLayout } from '../client/shell/signed-in-layout';

// Every route below needs a session; without one, /login (SPEC §2.3).
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: () => {
    if (!getToken()) throw redirect({ to: '/login' });
  },
  component: SignedInLayout,
});
