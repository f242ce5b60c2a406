import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { defaultTaskFilters, taskListQueryOptions } from '../../../modules/tasks/client/tasks.api';
import { TasksPage } from '../../../modules/tasks/client/tasks-page';

export const Route = createFileRoute('/_signed-in/_company/hs-tasks')({
  loader: ({ context }) => startQuery(context.queryClient, taskListQueryOptions('hs', { filters: defaultTaskFilters(), page: 1 })),
  component: HSTasksRoute,
});

function HSTasksRoute() {
  return <TasksPage area="hs" />;
}
