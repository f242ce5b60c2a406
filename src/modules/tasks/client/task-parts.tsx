// Small parts the task screens share: the person picker (people found by name on the server,
// in the caller's scope), a British date input, the task's badges and its due text.
import '@mantine/core/styles/Badge.css';
import { Badge, Group } from '@mantine/core';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import { PRIORITY_LABELS, type Task } from '../tasks.contract';

export const personName = (person: { first_name: string; surname: string }) => `${person.first_name} ${person.surname}`;

export function dueText(task: Pick<Task, 'due_date' | 'due_time'>): string {
  return `${formatCalendarDate(task.due_date, DATE_FORMATS.date)}${task.due_time ? ` at ${task.due_time}` : ''}`;
}

export function TaskBadges({ task }: { task: Task }) {
  return (
    <Group gap={6} wrap="wrap">
      {task.status === 'done' && (
        <Badge color="green" variant="light">
          Done
        </Badge>
      )}
      {task.overdue && <Badge color="red">Overdue</Badge>}
      {task.priority === 'high' && task.status === 'open' && (
        <Badge color="orange" variant="light">
          {PRIORITY_LABELS.high} priority
        </Badge>
      )}
      {task.recurring && (
        <Badge color="gray" variant="outline">
          Repeats
        </Badge>
      )}
      {task.incident_id && (
        <Badge color="teal" variant="outline">
          Incident follow-up
        </Badge>
      )}
    </Group>
  );
}
