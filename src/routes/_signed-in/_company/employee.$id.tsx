import { createFileRoute } from '@tanstack/react-router';
import { EmployeePage } from '../../../modules/employees/client/profile/employee-page';

// ?tab= chooses the profile's tab (SPEC §2.8); the page reads it from the address.
export const Route = createFileRoute('/_signed-in/_company/employee/$id')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' && search.tab ? { tab: search.tab } : {},
  component: EmployeeRoute,
});

function EmployeeRoute() {
  const { id } = Route.useParams();
  return <EmployeePage id={id} />;
}
