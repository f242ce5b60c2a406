import { createFileRoute, redirect } from '@tanstack/react-router';
import { readSessionFlags } from '../../../client/auth/session-store';

export const Route = createFileRoute('/_signed-in/_company/hs-documents/')({
  beforeLoad: () => {
    throw redirect({ to: readSessionFlags().docsOnly ? '/hs-documents/misc_docs' : '/hs-documents/documents' });
  },
});
