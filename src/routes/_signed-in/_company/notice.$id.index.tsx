import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { NoticePage } from '../../../modules/notices/client/notice-page';
import { noticeQueryOptions } from '../../../modules/notices/client/notices.api';

// notice notifications land here.
export const Route = createFileRoute('/_signed-in/_company/notice/$id/')({
  loader: ({ context, params }) => startQuery(context.queryClient, noticeQueryOptions(params.id)),
  component: NoticeRoute,
});

function NoticeRoute() {
  const { id } = Route.useParams();
  return <NoticePage id={id} />;
}
