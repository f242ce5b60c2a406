// What the companies module gives the shell: the owners' Orders settings page and the new
// company's first-run checklist on the dashboard. The administrators' screens (companies,
// orders) are in the admin menu (src/client/shell/menu/account-registry.ts).
import type { ClientModule } from '../../../client/shell/client-module';
import { setupChecklistReads, SetupChecklistWidget } from './setup-checklist-widget';

export const companiesClientModule: ClientModule = {
  name: 'companies',
  settings: [{ path: '/settings/orders', label: 'Orders', resources: ['orders'] }],
  widgets: [{ key: 'setup-checklist', order: 15, component: SetupChecklistWidget, reads: setupChecklistReads }],
};
