// /hr-tasks and /hs-tasks: my tasks, or those I manage (by my scope), with filters (status,
// assignee, due range, search), bulk complete and reassign, the new-task form and the template
// library. Rows are cards that read well on a phone and on a desktop.
import { DateField } from '../../../client/ui/date-field';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Button, Checkbox, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { can } from '../../../client/ui/permission-guard';
import { levelFor } from '../../../shared/scopes';
import { readStoredPermissions } from '../../../client/shell/session-permissions';
import { TASK_AREA_TITLES, TASK_ENDPOINTS, TASK_ROUTES, type Task, type TaskArea } from '../tasks.contract';
import { bulkTasksMutationOptions, refusalMessage, taskListQueryOptions, TASK_PAGE_SIZE, type TaskFilters } from './tasks.api';
import { PersonSelect } from '../../../client/ui/person-select';
import { dueText, personName, TaskBadges } from './task-parts';
import { TaskFormModal } from './task-form-modal';
import { TemplatesModal } from './templates-modal';
import { ListPager, pageCount } from '../../../client/ui/list-pager';

export const defaultTaskFilters = (): TaskFilters => ({ view: 'mine', status: ['open'] });

/**
 * The list to show once a task is made: the one it is in. A task for someone else is among
 * "Tasks I manage", not "My tasks"; open, with no filter that could hide it.
 */
export function filtersAfterCreate(made: { forSelf: boolean }, mayManage: boolean): TaskFilters {
  return { view: made.forSelf || !mayManage ? 'mine' : 'managed', status: ['open'] };
}
const STATUS_CHOICES = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
];

function TaskRow({ task, area, selected, onToggle }: { task: Task; area: TaskArea; selected: boolean | null; onToggle: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="task-row">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {selected !== null && <Checkbox checked={selected} onChange={onToggle} aria-label={`Select ${task.title}`} mt={4} />}
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
  );
}

export function TasksPage({ area }: { area: TaskArea }) {
  usePageTitle(TASK_AREA_TITLES[area]);
  const queryClient = useQueryClient();
  const selfId = readTokenClaims(getToken())?.user_id ?? '';
  const level = levelFor(readStoredPermissions(), TASK_ENDPOINTS[area], 'GET');
  const mayManage = level !== null && level !== 'own';
  const mayCreate = can({ endpoint: TASK_ENDPOINTS[area], method: 'POST' });
  const [filters, setFilters] = useState<TaskFilters>(defaultTaskFilters());
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [formOpen, setFormOpen] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [confirmComplete, setConfirmComplete] = useState(false);
  const [reassignTo, setReassignTo] = useState<string | null>(null);
  const list = useQuery(taskListQueryOptions(area, { filters, page }));
  const bulk = useMutation(bulkTasksMutationOptions(queryClient, area));
  const rows = list.data?.results ?? [];
  const selectable = filters.view === 'managed' && can({ endpoint: TASK_ENDPOINTS[area], method: 'PUT' });

  const change = (next: Partial<TaskFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const runBulk = (body: Parameters<typeof bulk.mutate>[0], done: string) =>
    bulk.mutate(body, {
      onSuccess: (result) => {
        showSuccessToast({ message: `${result.updated} ${result.updated === 1 ? 'task' : 'tasks'} ${done}.` });
        setSelected(new Set());
        setConfirmComplete(false);
      },
      onError: (error) => showDangerToast({ message: refusalMessage(error) ?? 'Error occurred' }),
    });
  const status = filters.status?.[0] ?? 'all';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{TASK_AREA_TITLES[area]}</Title>
        {mayCreate && (
          <Group gap="xs">
            <Button variant="default" leftSection={<IconTemplate size={16} aria-hidden="true" />} onClick={() => setTemplatesOpen(true)}>
              Templates
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setFormOpen(true)}>
              New task
            </Button>
          </Group>
        )}
      </Group>
      {mayManage && (
        <SegmentedControl
          aria-label="Whose tasks"
          value={filters.view}
          onChange={(value) => change({ view: value as TaskFilters['view'] })}
          data={[
            { value: 'mine', label: 'My tasks' },
            { value: 'managed', label: 'Tasks I manage' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Status"
          data={STATUS_CHOICES}
          value={status}
          onChange={(value) => change({ status: !value || value === 'all' ? [] : [value] })}
          allowDeselect={false}
          w={140}
        />
        <TextInput
          label="Search"
          placeholder="Title or person"
          value={filters.search ?? ''}
          onChange={(event) => change({ search: event.currentTarget.value })}
          w={200}
        />
        {filters.view === 'managed' && (
          <PersonSelect
            label="Assignee"
            value={filters.assignee_id?.[0] ?? null}
            onChange={(id) => change({ assignee_id: id ? [id] : [] })}
          />
        )}
        <DateField label="Due from" value={filters.from ?? ''} onChange={(value) => change({ from: value })} />
        <DateField label="Due to" value={filters.to ?? ''} onChange={(value) => change({ to: value })} />
      </Group>
      {selectable && selected.size > 0 && (
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Text fw={600}>{selected.size} selected</Text>
            <Button size="sm" color="green" onClick={() => setConfirmComplete(true)}>
              Complete selected
            </Button>
            <PersonSelect label="Reassign to" value={reassignTo} onChange={setReassignTo} />
            <Button
              size="sm"
              variant="default"
              disabled={!reassignTo}
              loading={bulk.isPending && bulk.variables?.action === 'reassign'}
              onClick={() =>
                reassignTo && runBulk({ action: 'reassign', data: { ids: [...selected], assignee_id: reassignTo } }, 'reassigned')
              }
            >
              Reassign
            </Button>
          </Group>
        </Paper>
      )}
      {list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading tasks">
          <Skeleton h={64} radius="md" />
          <Skeleton h={64} radius="md" />
        </Stack>
      ) : list.isError ? (
        <LoadError what="tasks" error={list.error} onRetry={() => void list.refetch()} forbidden />
      ) : rows.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack gap={4} align="center">
            <Text fw={600}>No tasks here</Text>
            <Text size="sm" c="dimmed" ta="center">
              {filters.view === 'mine' ? 'Nothing on your list matches these filters.' : 'No task matches these filters.'}
              {mayCreate ? ' Add one, or start from a template.' : ''}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((task) => (
            <TaskRow
              key={task.id}
              task={task}
              area={area}
              selected={selectable ? selected.has(task.id) : null}
              onToggle={() => toggle(task.id)}
            />
          ))}
        </Stack>
      )}
      {list.data && <ListPager pages={pageCount(list.data.count, TASK_PAGE_SIZE)} page={page} onPage={setPage} />}
      <TaskFormModal
        area={area}
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        selfId={selfId}
        onCreated={(made) => {
          setFilters(filtersAfterCreate(made, mayManage));
          setPage(1);
          setSelected(new Set());
        }}
      />
      <TemplatesModal area={area} opened={templatesOpen} onClose={() => setTemplatesOpen(false)} />
      <ConfirmDialog
        opened={confirmComplete}
        title="Complete the selected tasks?"
        message={`${selected.size} ${selected.size === 1 ? 'task' : 'tasks'} will be marked done; repeating ones get their next date.`}
        confirmLabel="Complete"
        busy={bulk.isPending}
        onConfirm={() => runBulk({ action: 'complete', data: { ids: [...selected] } }, 'completed')}
        onClose={() => setConfirmComplete(false)}
      />
    </Stack>
  );
}
