import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { NoticesPage } from '../../../modules/notices/client/notices-page';
import { noticeListQueryOptions } from '../../../modules/notices/client/notices.api';
import { parseNoticeListSearch } from '../../../modules/notices/client/notices-search';

// Search, view and page live in the address.
export const Route = createFileRoute('/_signed-in/_company/notices/')({
  validateSearch: parseNoticeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startQuery(context.queryClient, noticeListQueryOptions(deps)),
  component: NoticesRoute,
});

function NoticesRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <NoticesPage search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />;
}
