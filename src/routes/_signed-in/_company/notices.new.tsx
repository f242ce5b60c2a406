import { createFileRoute } from '@tanstack/react-router';
import { NoticeFormPage } from '../../../modules/notices/client/notice-form-page';

export const Route = createFileRoute('/_signed-in/_company/notices/new')({
  component: () => <NoticeFormPage id={null} />,
});
