import { createFileRoute } from '@tanstack/react-router';
import { TimelinePage } from '../../../modules/leave/client/timeline-page';

export const Route = createFileRoute('/_signed-in/_company/leave-and-absences/timeline')({
  component: TimelinePage,
});
