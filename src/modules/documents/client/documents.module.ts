// What the documents module gives the shell: the HR and H&S Documents menu entries (with the
// badge of documents waiting for the user) and the Document Tags settings page.
import { IconFileText, IconShieldCheck } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { documentsBadge, hrDocumentsTarget, hrEnabled, hsDocumentsTarget, hsEnabled, mayRead } from './documents-menu';

export const documentsClientModule: ClientModule = {
  name: 'documents',
  menu: [
    {
      key: 'hr-documents',
      title: 'HR Documents',
      icon: IconFileText,
      kind: 'link',
      needs: ['pending'],
      target: hrDocumentsTarget,
      visible: mayRead,
      badge: documentsBadge,
      enabledWhenRestricted: hrEnabled,
    },
    {
      key: 'hs-documents',
      title: 'H&S Documents',
      icon: IconShieldCheck,
      kind: 'link',
      target: hsDocumentsTarget,
      visible: mayRead,
      enabledWhenRestricted: hsEnabled,
    },
  ],
  settings: [{ path: '/settings/document-tags', label: 'Document Tags', resources: ['document'], needsWrite: true }],
};
