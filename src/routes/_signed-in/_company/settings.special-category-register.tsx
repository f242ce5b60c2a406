import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../../../modules/privacy/client/register-page';

export const Route = createFileRoute('/_signed-in/_company/settings/special-category-register')({
  component: RegisterPage,
});
