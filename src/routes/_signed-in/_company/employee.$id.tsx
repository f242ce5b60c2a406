import { createFileRoute } from '@tanstack/react-router';
import { startProfilePage } from '../../../modules/employees/client/directory.api';
import { EmployeePage } from '../../../modules/employees/client/profile/employee-page';

// ?tab= chooses the profile's tab; the page reads it from the address.
export const Route = createFileRoute('/_signed-in/_company/employee/$id')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' && search.tab ? { tab: search.tab } : {},
  loader: ({ context, params }) => startProfilePage(context.queryClient, params.id),
  component: EmployeeRoute,
});

function EmployeeRoute() {
  const { id } = Route.useParams();
  return <EmployeePage id={id} />;
}
