import { createFileRoute } from '@tanstack/react-router';
import { SignedInFrame } from '../app/client/signed-in-frame';
import { requireSession } from '../modules/auth/client/session-guards';

// Every route below needs a session; without one, /login.
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: requireSession,
  component: SignedInFrame,
});
