// What the support module gives the shell: Contact Us in the side menu, which opens the contact
// support modal (loaded when first opened; it works offline, its message waiting in the outbox).
import { IconMessage } from '@tabler/icons-react';
import { lazy } from 'react';
import type { ClientModule } from '../../../client/shell/client-module';
import { holds } from '../../../client/shell/menu/menu-context';

const ContactSupportModal = lazy(() => import('./contact-support-modal').then((module) => ({ default: module.ContactSupportModal })));

export const supportClientModule: ClientModule = {
  name: 'support',
  contactDialog: ContactSupportModal,
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
