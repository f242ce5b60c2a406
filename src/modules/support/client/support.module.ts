// What the support module gives the shell: Contact Us, which opens the contact support modal.
import { IconMessage } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds } from '../../../client/shell/menu/menu-context';

export const supportClientModule: ClientModule = {
  name: 'support',
  menu: [
    {
      key: 'contact-us',
      title: 'Contact Us',
      icon: IconMessage,
      kind: 'contact',
      target: () => '#contact-us',
      visible: (context) => holds(context, '/api/contact-us'),
    },
  ],
};
