import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { AbsenceListPage } from '../../../modules/leave/client/absence-list-page';
import { parseAbsenceListSearch } from '../../../modules/leave/client/absence-list-search';
import { absenceListPageQueryOptions } from '../../../modules/leave/client/absences.api';

// Filters (status=needApproval, show_relevant_to_me=1, …) live in the address.
export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/list')({
  validateSearch: parseAbsenceListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startQuery(context.queryClient, absenceListPageQueryOptions(deps)),
  component: AbsenceListPage,
});
