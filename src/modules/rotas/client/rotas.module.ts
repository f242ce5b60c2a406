// What the rotas module gives the shell: My Rota Shifts (when the company has rota on) and
// Rota Management (for those who may build a rota: department scope or wider).
import { IconCalendarTime, IconLayoutGrid } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { hasPermission } from '../../../shared/scopes';
import { ROTA_ENDPOINT, ROTA_ROUTES } from '../rotas.contract';

export const rotasClientModule: ClientModule = {
  name: 'rotas',
  menu: [
    {
      key: 'rota-shifts',
      title: 'My Rota Shifts',
      icon: IconCalendarTime,
      kind: 'link',
      needs: ['companySettings'],
      target: () => ROTA_ROUTES.mine,
      visible: (context) => context.companySettings?.rota_enabled === true,
    },
    {
      key: 'rota-admin',
      title: 'Rota Management',
      icon: IconLayoutGrid,
      kind: 'link',
      target: () => ROTA_ROUTES.admin,
      visible: (context) => hasPermission(context.permissions, { endpoint: ROTA_ENDPOINT, method: 'POST', scope: 'department' }),
    },
  ],
};
