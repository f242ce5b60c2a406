import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../modules/auth/client/change-password-page';

export const Route = createFileRoute('/change-password')({
  component: ChangePasswordPage,
});
