import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { documentQueryOptions } from '../../../modules/documents/client/documents.api';
import { DocumentPage } from '../../../modules/documents/client/document-page';

// Where document and document_sign notifications lead: /document/{id}.
export const Route = createFileRoute('/_signed-in/_company/document/$id')({
  loader: ({ context, params }) => startQuery(context.queryClient, documentQueryOptions(params.id)),
  component: function DocumentRoute() {
    const { id } = Route.useParams();
    return <DocumentPage key={id} id={id} />;
  },
});
