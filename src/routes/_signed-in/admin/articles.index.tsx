import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { articleListQueryOptions } from '../../../modules/articles/client/articles.api';
import { AdminArticlesPage } from '../../../modules/articles/client/admin-articles-page';

export const Route = createFileRoute('/_signed-in/admin/articles/')({
  loader: ({ context }) => startQuery(context.queryClient, articleListQueryOptions({}, true)),
  component: AdminArticlesPage,
});
