// What the documents module gives the shell: the HR and H&S Documents menu entries (with the
// badge of documents waiting for the user), the Document Tags settings page and the dashboard's
// "Documents for you" (docs-only users' dashboard too), and what keeps the documents waiting
// for the user's signature on this device, to sign with no signal.
import { IconFileText, IconShieldCheck } from '@tabler/icons-react';
import type { ClientModule } from '../../../client/shell/client-module';
import { documentsToDoReads, DocumentsToDoWidget } from './documents-to-do-widget';
import { FilesToSignKeeper } from './files-to-sign-keeper';
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
  offlineDetails: ({ queryClient }) => import('./documents-offline').then((offline) => offline.documentDetails(queryClient)),
  settings: [{ path: '/settings/document-tags', label: 'Document Tags', resources: ['document'], needsWrite: true }],
  widgets: [{ key: 'documents-to-do', order: 21, component: DocumentsToDoWidget, allowedWhenRestricted: true, reads: documentsToDoReads }],
  // Shows nothing: keeps the documents waiting for the user's signature on this device.
  banners: [{ key: 'files-to-sign', component: FilesToSignKeeper }],
};
