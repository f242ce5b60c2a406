import { createFileRoute } from '@tanstack/react-router';
import { pageQueries, startQuery } from '../../../client/api/start-query';
import { administratorsQueryOptions, contactInboxQueryOptions } from '../../../modules/support/client/contact-inbox.api';
import { ContactInboxPage } from '../../../modules/support/client/contact-inbox-page';

export const Route = createFileRoute('/_signed-in/admin/contact-requests')({
  loader: ({ context }) =>
    pageQueries(
      startQuery(context.queryClient, contactInboxQueryOptions({ page: 1, status: 'new' })),
      startQuery(context.queryClient, administratorsQueryOptions()),
    ),
  component: ContactInboxPage,
});
