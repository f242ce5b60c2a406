import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '../modules/auth/client/confirm-email-page';

// ?token= comes from the invitation e-mail; the page reads it raw, like /reset-password.
export const Route = createFileRoute('/confirm-email')({
  component: ConfirmEmailPage,
});
