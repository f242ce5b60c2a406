// What the employees module gives the shell: the Employees entry of the side menu, and the
// settings page that imports people from a spreadsheet.
import { IconUsers } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';

export const employeesClientModule: ClientModule = {
  name: 'employees',
  menu: [
    {
      key: 'employees',
      title: 'Employees',
      icon: IconUsers,
      kind: 'link',
      target: () => '/employees',
      // The user-basic permission means reading it.
      visible: (context) => context.permissions.some((entry) => entry.endpoint === '/api/user-basic' && entry.method === 'GET'),
    },
  ],
  // Owners and HR admins (GET on /api/people-import is theirs only).
  settings: [{ path: '/settings/import-people', label: 'Import people', resources: ['people-import'] }],
};
