import { createFileRoute } from '@tanstack/react-router';
import { startQuery } from '../../../client/api/start-query';
import { taskQueryOptions } from '../../../modules/tasks/client/tasks.api';
import { TaskPage } from '../../../modules/tasks/client/task-page';

// hr_task notifications land here.
export const Route = createFileRoute('/_signed-in/_company/hr-task/$id')({
  loader: ({ context, params }) => startQuery(context.queryClient, taskQueryOptions('hr', params.id)),
  component: TaskRoute,
});

function TaskRoute() {
  const { id } = Route.useParams();
  return <TaskPage area="hr" id={id} />;
}
