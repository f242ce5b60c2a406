import { createFileRoute } from '@tanstack/react-router';
import { TokenPage } from '../modules/auth/client/token-page';

// ?token= is a one-time impersonation token from the administration page; read raw.
export const Route = createFileRoute('/token')({
  component: () => <TokenPage />,
});
