import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { ArticlesPage } from '../../../modules/articles/client/articles-page';
import { articleListQueryOptions } from '../../../modules/articles/client/articles.api';
import { parseArticleSearch } from '../../../modules/articles/client/articles-search';

// Search, area, category and page live in the address.
export const Route = createFileRoute('/_signed-in/_company/expert-articles-and-insights/')({
  validateSearch: parseArticleSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startQuery(context.queryClient, articleListQueryOptions(deps)),
  component: ArticlesRoute,
});

function ArticlesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ArticlesPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
}
