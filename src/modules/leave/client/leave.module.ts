// What the leave module gives the shell: the Leave & Absences menu entry, its settings page
// and three dashboard cards.
import { IconBeach } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { leaveBadge, leaveTarget } from './leave-menu';
import { AwaitingMeWidget, awaitingMeReads } from './widgets/awaiting-me-widget';
import { myBalanceReads, MyBalanceWidget } from './widgets/my-balance-widget';
import { whosOffReads, WhosOffWidget } from './widgets/whos-off-widget';

export const leaveClientModule: ClientModule = {
  name: 'leave',
  menu: [
    {
      key: 'leave',
      title: 'Leave & Absences',
      icon: IconBeach,
      kind: 'link',
      needs: ['pending', 'companySettings'],
      target: leaveTarget,
      badge: leaveBadge,
    },
  ],
  settings: [
    {
      path: '/settings/absence-and-leave-settings',
      label: 'Leave & Absence Settings',
      resources: ['absence-policy-template', 'blocked-date-period', 'leave-type'],
    },
  ],
  offlineDetails: ({ queryClient, userId }) =>
    import('./return-to-work-offline').then((offline) => offline.returnToWorkDetails(queryClient, userId)),
  widgets: [
    { key: 'leave-awaiting-me', order: 30, component: AwaitingMeWidget, reads: awaitingMeReads },
    { key: 'leave-my-balance', order: 40, component: MyBalanceWidget, reads: myBalanceReads },
    { key: 'leave-whos-off', order: 50, component: WhosOffWidget, reads: whosOffReads },
  ],
};
