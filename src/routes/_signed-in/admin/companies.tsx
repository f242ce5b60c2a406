import { createFileRoute } from '@tanstack/react-router';
import { AdminCompaniesPage } from '../../../modules/companies/client/admin-companies-page';

export const Route = createFileRoute('/_signed-in/admin/companies')({
  component: AdminCompaniesPage,
});
