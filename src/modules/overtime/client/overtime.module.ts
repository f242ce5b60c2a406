// What the overtime module gives the shell: the Overtime menu entry (only with overtime on and
// someone who may report or approve it) and the overtime settings page.
import { IconClockPlus } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { overtimeBadge, overtimeTarget, overtimeVisible } from './overtime-menu';

export const overtimeClientModule: ClientModule = {
  name: 'overtime',
  menu: [
    {
      key: 'overtime',
      title: 'Overtime',
      icon: IconClockPlus,
      kind: 'link',
      needs: ['pending', 'companySettings', 'overtimeSettings'],
      target: overtimeTarget,
      visible: overtimeVisible,
      badge: overtimeBadge,
    },
  ],
  settings: [
    {
      path: '/settings/overtime',
      label: 'Overtime',
      resources: ['overtime-settings'],
    },
  ],
};
