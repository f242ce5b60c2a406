import { createFileRoute } from '@tanstack/react-router';
import { NoticeFormPage } from '../../../modules/notices/client/notice-form-page';

export const Route = createFileRoute('/_signed-in/_company/notice/$id/edit')({
  component: NoticeEditRoute,
});

function NoticeEditRoute() {
  const { id } = Route.useParams();
  return <NoticeFormPage id={id} />;
}
