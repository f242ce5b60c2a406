import { createFileRoute } from '@tanstack/react-router';
import { AdminArticlePage } from '../../../modules/articles/client/admin-article-page';

// "new" for a new article.
export const Route = createFileRoute('/_signed-in/admin/articles/$id')({
  component: AdminArticleRoute,
});

function AdminArticleRoute() {
  const { id } = Route.useParams();
  return <AdminArticlePage key={id} id={id} />;
}
