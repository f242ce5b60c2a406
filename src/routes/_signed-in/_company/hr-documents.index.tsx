import { createFileRoute, redirect } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { readSessionFlags } from '../../../client/auth/session-store';
import { AreaPage } from '../../../modules/documents/client/area-page';
import { documentListQueryOptions } from '../../../modules/documents/client/documents.api';

// Where docs-only users land (the session guard's HR documents home): their area; anyone else
// goes to the full area.
export const Route = createFileRoute('/_signed-in/_company/hr-documents/')({
  beforeLoad: () => {
    if (!readSessionFlags().docsOnly) throw redirect({ to: '/hr-documents/documents' });
  },
  loader: ({ context }) => startQuery(context.queryClient, documentListQueryOptions({ area: 'hr' }, 1)),
  component: () => <AreaPage area="hr" />,
});
