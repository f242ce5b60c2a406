import { createFileRoute } from '@tanstack/react-router';
import { DepartmentsPage } from '../../../modules/organisation/client/department-list';

export const Route = createFileRoute('/_signed-in/_company/settings/departments')({
  component: DepartmentsPage,
});
