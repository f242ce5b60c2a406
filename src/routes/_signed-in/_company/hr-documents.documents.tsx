import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { AreaPage } from '../../../modules/documents/client/area-page';
import { documentListQueryOptions } from '../../../modules/documents/client/documents.api';

export const Route = createFileRoute('/_signed-in/_company/hr-documents/documents')({
  loader: ({ context }) => startQuery(context.queryClient, documentListQueryOptions({ area: 'hr' }, 1)),
  component: () => <AreaPage area="hr" />,
});
