import { createFileRoute } from '@tanstack/react-router';
import { startReturnToWorkPage } from '../../../modules/leave/client/return-to-work.api';
import { ReturnToWorkPage } from '../../../modules/leave/client/return-to-work-page';

export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/return-to-work')({
  loader: ({ context }) => startReturnToWorkPage(context.queryClient),
  component: ReturnToWorkPage,
});
