import { createFileRoute } from '@tanstack/react-router';
import { WelcomePage } from '../modules/auth/client/welcome-page';

export const Route = createFileRoute('/welcome')({
  component: WelcomePage,
});
