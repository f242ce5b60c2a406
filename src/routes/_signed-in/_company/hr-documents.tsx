import { createFileRoute } from '@tanstack/react-router';
import { DocumentsAreaPage } from '../../../client/shell/documents-area-page';

export const Route = createFileRoute('/_signed-in/_company/hr-documents')({
  component: () => <DocumentsAreaPage title="HR Documents" />,
});
