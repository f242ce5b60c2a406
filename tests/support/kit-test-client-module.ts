// The client half of the test-only module: a menu entry, a settings page and a dashboard card.
import { IconCalendar } from '@tabler/icons-react';
import type { ClientModule } from '../../src/client/shell/client-module';

function KitCard() {
  return null;
}

export const kitClientModule: ClientModule = {
  name: 'kit-test',
  menu: [{ key: 'calendar', title: 'Kit Calendar', icon: IconCalendar, kind: 'link', target: () => '/calendar' }],
  settings: [{ path: '/settings/orders', label: 'Kit Orders', resources: ['kit-notes'] }],
  widgets: [{ key: 'kit-card', order: 35, component: KitCard }],
};
