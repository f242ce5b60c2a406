import { createFileRoute } from '@tanstack/react-router';
import { startTimelinePage } from '../../../modules/leave/client/insights.api';
import { TimelinePage } from '../../../modules/leave/client/timeline-page';

export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/timeline')({
  loader: ({ context }) => startTimelinePage(context.queryClient),
  component: TimelinePage,
});
