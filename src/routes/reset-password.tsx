import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../modules/auth/client/reset-password-page';

// ?token= comes from the e-mailed link; the page reads it raw (a token of digits must stay a string).
export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});
