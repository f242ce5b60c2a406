import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { defaultTaskFilters, taskListQueryOptions } from '../../../modules/tasks/client/tasks.api';
import { TasksPage } from '../../../modules/tasks/client/tasks-page';

export const Route = createFileRoute('/_signed-in/_company/hr-tasks')({
  loader: ({ context }) => startQuery(context.queryClient, taskListQueryOptions('hr', { filters: defaultTaskFilters(), page: 1 })),
  component: HRTasksRoute,
});

function HRTasksRoute() {
  return <TasksPage area="hr" />;
}
