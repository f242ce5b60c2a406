import { createFileRoute } from '@tanstack/react-router';
import { RequestPage } from '../../../modules/leave/client/request-page';

export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/request')({
  component: RequestPage,
});
