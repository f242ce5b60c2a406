// The task list's rows — cards that read well on a phone and on a desktop, each with a box to
// choose it where the caller manages the list — and the bar over them while some are chosen:
// complete them (after asking) or reassign them to someone.
import '@mantine/core/styles/Checkbox.css';
import { Anchor, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { PersonSelect } from '../../../client/ui/person-select';
import { SelectionBar } from '../../../client/ui/selection-bar';
import { TASK_ROUTES, type Task, type TaskArea } from '../tasks.contract';
import { dueText, personName, TaskBadges } from './task-parts';
import { bulkTasksMutationOptions, refusalMessage } from './tasks.api';

const tasksCount = (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`;

type RowsProps = { rows: Task[]; area: TaskArea; selected: ReadonlySet<string> | null; onToggle: (id: string) => void };

export function TaskRows({ rows, area, selected, onToggle }: RowsProps) {
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((task) => (
        <Paper key={task.id} withBorder radius="md" p="sm" component="li" data-testid="task-row">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            {selected && (
              <Checkbox checked={selected.has(task.id)} onChange={() => onToggle(task.id)} aria-label={`Select ${task.title}`} mt={4} />
            )}
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Anchor fw={600} renderRoot={(props) => <Link {...props} to={TASK_ROUTES[area].detail} params={{ id: task.id }} />}>
                  {task.title}
                </Anchor>
                <TaskBadges task={task} />
              </Group>
              <Text size="sm" c="dimmed">
                {personName(task.assignee)} · due {dueText(task)}
                {task.checklist_total > 0 ? ` · ${task.checklist_done}/${task.checklist_total} done` : ''}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

type BarProps = { area: TaskArea; ids: string[]; onDone: () => void; onClear: () => void };

export function TaskBulkBar({ area, ids, onDone, onClear }: BarProps) {
  const bulk = useMutation(bulkTasksMutationOptions(useQueryClient(), area));
  const [confirmComplete, setConfirmComplete] = useState(false);
  const [reassignTo, setReassignTo] = useState<string | null>(null);
  const runBulk = (body: Parameters<typeof bulk.mutate>[0], done: string) =>
    bulk.mutate(body, {
      onSuccess: (result) => {
        showSuccessToast({ message: `${tasksCount(result.updated)} ${done}.` });
        setConfirmComplete(false);
        onDone();
      },
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });
  return (
    <SelectionBar count={ids.length} onClear={onClear}>
      <Button size="xs" color="green" onClick={() => setConfirmComplete(true)}>
        Complete selected
      </Button>
      <PersonSelect label="Reassign to" value={reassignTo} onChange={setReassignTo} />
      <Button
        size="xs"
        variant="default"
        disabled={!reassignTo}
        loading={bulk.isPending && bulk.variables?.action === 'reassign'}
        onClick={() => reassignTo && runBulk({ action: 'reassign', data: { ids, assignee_id: reassignTo } }, 'reassigned')}
      >
        Reassign
      </Button>
      <ConfirmDialog
        opened={confirmComplete}
        title="Complete the selected tasks?"
        message={`${tasksCount(ids.length)} will be marked done; repeating ones get their next date.`}
        confirmLabel="Complete"
        busy={bulk.isPending}
        onConfirm={() => runBulk({ action: 'complete', data: { ids } }, 'completed')}
        onClose={() => setConfirmComplete(false)}
      />
    </SelectionBar>
  );
}
