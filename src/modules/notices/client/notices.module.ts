// What the noticeboard gives the shell: the Noticeboard menu entry (for anyone holding
// /api/notices) and the "Unread notices" dashboard card.
import { IconSpeakerphone } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds } from '../../../client/shell/menu/menu-context';
import { NOTICES_ENDPOINT } from '../notices.contract';
import { unreadNoticesReads, UnreadNoticesWidget } from './unread-notices-widget';

export const noticesClientModule: ClientModule = {
  name: 'notices',
  menu: [
    {
      key: 'notices',
      title: 'Noticeboard',
      icon: IconSpeakerphone,
      kind: 'link',
      target: () => '/notices',
      visible: (context) => holds(context, NOTICES_ENDPOINT),
    },
  ],
  offlineDetails: ({ queryClient }) => import('./notices-offline').then((offline) => offline.noticeDetails(queryClient)),
  widgets: [{ key: 'notices-unread', order: 20, component: UnreadNoticesWidget, reads: unreadNoticesReads }],
};
