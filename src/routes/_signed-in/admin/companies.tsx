import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { AdminCompaniesPage } from '../../../modules/companies/client/admin-companies-page';
import { companiesListQueryOptions, DEFAULT_COMPANY_FILTERS } from '../../../modules/companies/client/companies.api';

export const Route = createFileRoute('/_signed-in/admin/companies')({
  loader: ({ context }) => startQuery(context.queryClient, companiesListQueryOptions(DEFAULT_COMPANY_FILTERS, 1)),
  component: AdminCompaniesPage,
});
