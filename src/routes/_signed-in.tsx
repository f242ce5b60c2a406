import { createFileRoute } from '@tanstack/react-router';
import { SignedInLayout } from '../client/shell/signed-in-layout';
import { requireSession } from '../modules/auth/client/session-guards';

// Every route below needs a session; without one, /login.
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: requireSession,
  component: SignedInLayout,
});
