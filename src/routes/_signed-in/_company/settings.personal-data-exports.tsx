import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ExportsPage } from '../../../modules/privacy/client/exports-page';
import { exportsQueryOptions } from '../../../modules/privacy/client/privacy.api';

export const Route = createFileRoute('/_signed-in/_company/settings/personal-data-exports')({
  loader: ({ context }) => startQuery(context.queryClient, exportsQueryOptions()),
  component: ExportsPage,
});
