import { createFileRoute } from '@tanstack/react-router';
import { pageQueries, startQuery } from '../../../client/api/start-query';
import { administratorsQueryOptions } from '../../../modules/companies/client/administrators.api';
import { supportTeamsQueryOptions } from '../../../modules/companies/client/support-teams.api';
import { AdministratorsPage } from '../../../modules/companies/client/administrators-page';

export const Route = createFileRoute('/_signed-in/admin/administrators')({
  loader: ({ context }) =>
    pageQueries(startQuery(context.queryClient, administratorsQueryOptions()), startQuery(context.queryClient, supportTeamsQueryOptions())),
  component: AdministratorsPage,
});
