import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { overtimeListQueryOptions } from '../../../modules/overtime/client/overtime.api';
import { parseOvertimeListSearch, toOvertimeFilters, type OvertimeListSearch } from '../../../modules/overtime/client/overtime-search';
import { OvertimeListPage } from '../../../modules/overtime/client/overtime-list-page';

// The view, statuses and page live in the address (the menu's target: ?status=reported).
export const Route = createFileRoute('/_signed-in/_company/overtime/')({
  validateSearch: parseOvertimeListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startQuery(context.queryClient, overtimeListQueryOptions(toOvertimeFilters(deps))),
  component: OvertimeListRoute,
});

function OvertimeListRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return <OvertimeListPage search={search} onSearch={(next: OvertimeListSearch) => void navigate({ search: next })} />;
}
