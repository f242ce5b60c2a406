import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ArticlePage } from '../../../modules/articles/client/article-page';
import { articleQueryOptions } from '../../../modules/articles/client/articles.api';

export const Route = createFileRoute('/_signed-in/_company/expert-articles-and-insights/$id')({
  loader: ({ context, params }) => startQuery(context.queryClient, articleQueryOptions(params.id)),
  component: ArticleRoute,
});

function ArticleRoute() {
  const { id } = Route.useParams();
  return <ArticlePage id={id} />;
}
