import { createFileRoute } from '@tanstack/react-router';
import { AdminArticlesPage } from '../../../modules/articles/client/admin-articles-page';

export const Route = createFileRoute('/_signed-in/admin/articles/')({
  component: AdminArticlesPage,
});
