import { createFileRoute } from '@tanstack/react-router';
import { DocumentsAreaPage } from '../../../client/shell/documents-area-page';

export const Route = createFileRoute('/_signed-in/_company/hs-documents/misc_docs')({
  component: () => <DocumentsAreaPage title="H&S Documents" />,
});
