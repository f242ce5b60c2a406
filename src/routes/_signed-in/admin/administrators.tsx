import { createFileRoute } from '@tanstack/react-router';
import { AdministratorsPage } from '../../../modules/companies/client/administrators-page';

export const Route = createFileRoute('/_signed-in/admin/administrators')({
  component: AdministratorsPage,
});
