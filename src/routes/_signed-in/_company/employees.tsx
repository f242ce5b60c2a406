import { createFileRoute } from '@tanstack/react-router';
import { startDirectoryPage } from '../../../modules/employees/client/directory.api';
import { parseDirectorySearch } from '../../../modules/employees/client/directory/directory-search';
import { DirectoryPage } from '../../../modules/employees/client/directory/directory-page';
import { PermissionGuard } from '../../../client/ui/permission-guard';
import { EMPLOYEES_SCREEN } from '../../../modules/employees/client/employees.screens';

// Filters, sort, page and view live in the address (shareable; the back button undoes them).
export const Route = createFileRoute('/_signed-in/_company/employees')({
  validateSearch: parseDirectorySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startDirectoryPage(context.queryClient, deps),
  component: () => (
    <PermissionGuard requires={EMPLOYEES_SCREEN.needs}>
      <DirectoryPage />
    </PermissionGuard>
  ),
});
