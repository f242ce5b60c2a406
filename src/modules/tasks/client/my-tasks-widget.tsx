// Dashboard card "My tasks": my open HR and H&S tasks overdue or due by the end of this week
// (Sunday), overdue first, each linking to its page. Nothing when there are none.
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import { addDays, thisWeek } from '../../../shared/dates';
import { TASK_AREA_NAMES, TASK_AREAS, TASK_ENDPOINTS, TASK_ROUTES, type Task } from '../tasks.contract';
import { taskListQueryOptions } from './tasks.api';
import { dueText } from './task-parts';

export const WIDGET_LIMIT = 8;

/** My open tasks due by Sunday, in each area the session may read. */
function myTaskQueries() {
  const weekEnd = addDays(thisWeek(), 6);
  const areas = TASK_AREAS.filter((area) => can({ endpoint: TASK_ENDPOINTS[area], method: 'GET' }));
  return areas.map((area) => ({
    ...taskListQueryOptions(area, { filters: { view: 'mine', status: ['open'], to: weekEnd }, page: 1, limit: WIDGET_LIMIT }),
    meta: { errorToast: false },
  }));
}

export const myTasksReads = (): readonly QueryRead[] => myTaskQueries().map((query) => queryRead(query));

export function MyTasksWidget() {
  const lists = useQueries({ queries: myTaskQueries() });
  const tasks: Task[] = lists
    .flatMap((list) => list.data?.results ?? [])
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || a.due_date.localeCompare(b.due_date))
    .slice(0, WIDGET_LIMIT);
  if (tasks.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="my-tasks-widget">
      <Title order={2} fz="h4" id="my-tasks-widget" mb="sm">
        My overdue and due this week
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {tasks.map((task) => (
          <Group key={task.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Anchor
                fw={600}
                size="sm"
                renderRoot={(props) => <Link {...props} to={TASK_ROUTES[task.area].detail} params={{ id: task.id }} />}
              >
                {task.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {TASK_AREA_NAMES[task.area]} · due {dueText(task)}
              </Text>
            </Stack>
            {task.overdue && (
              <Badge color="red" style={{ flex: 'none' }}>
                Overdue
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
