import { createFileRoute } from '@tanstack/react-router';
import { startProfilePage } from '../../../modules/employees/client/directory.api';
import { MyProfilePage } from '../../../modules/employees/client/profile/my-profile-page';

// ?tab= chooses the profile's tab.
export const Route = createFileRoute('/_signed-in/_company/profile')({
  validateSearch: (search: Record<string, unknown>): { tab?: string } =>
    typeof search.tab === 'string' && search.tab ? { tab: search.tab } : {},
  loader: ({ context }) => startProfilePage(context.queryClient),
  component: MyProfilePage,
});
