// /hr-tasks and /hs-tasks: my tasks, or those I manage (by my scope), with filters (status,
// assignee, due range, search), bulk complete and reassign, the new-task form and the template
// library. Rows are cards that read well on a phone and on a desktop.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Button, Group, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getToken } from '../../../client/auth/token-store';
import { readTokenClaims } from '../../../client/auth/token-claims';
import { usePageTitle } from '../../../client/shell/page-title';
import { readStoredPermissions } from '../../../client/shell/session-permissions';
import { DateField } from '../../../client/ui/date-field';
import { FilteredList, useScreenSelection } from '../../../client/ui/filtered-list';
import { can } from '../../../client/ui/permission-guard';
import { PersonSelect } from '../../../client/ui/person-select';
import { levelFor } from '../../../shared/scopes';
import { TASK_ENDPOINTS, type TaskArea } from '../tasks.contract';
import { defaultTaskFilters, taskListQueryOptions, TASK_PAGE_SIZE, type TaskFilters } from './tasks.api';
import { TaskBulkBar, TaskRows } from './task-rows';
import { TaskFormModal } from './task-form-modal';
import { TemplatesModal } from './templates-modal';
import { TASKS_SCREENS } from './tasks.screens';

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

export function TasksPage({ area }: { area: TaskArea }) {
  usePageTitle(TASKS_SCREENS[area].heading);
  const selfId = readTokenClaims(getToken())?.user_id ?? '';
  const level = levelFor(readStoredPermissions(), TASK_ENDPOINTS[area], 'GET');
  const mayManage = level !== null && level !== 'own';
  const mayCreate = can({ endpoint: TASK_ENDPOINTS[area], method: 'POST' });
  const [filters, setFilters] = useState<TaskFilters>(defaultTaskFilters());
  const [page, setPage] = useState(1);
  const [formOpen, setFormOpen] = useState(false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const list = useQuery(taskListQueryOptions(area, { filters, page }));
  const selectable = filters.view === 'managed' && can({ endpoint: TASK_ENDPOINTS[area], method: 'PUT' });
  const { selected, toggle, clear } = useScreenSelection(JSON.stringify([filters, page]), selectable ? (list.data?.results ?? []) : []);

  const show = (next: TaskFilters) => {
    setFilters(next);
    setPage(1);
  };
  const change = (next: Partial<TaskFilters>) => show({ ...filters, ...next });
  const status = filters.status?.[0] ?? 'all';
  // Open tasks of the chosen view are the list with no filter set.
  const filtered = status !== 'open' || Boolean(filters.search || filters.assignee_id?.length || filters.from || filters.to);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{TASKS_SCREENS[area].heading}</Title>
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
      <FilteredList
        list={list}
        one="task"
        many="tasks"
        forbidden
        noMatches="No tasks here"
        hint={
          (filters.view === 'mine' ? 'Nothing on your list matches these filters.' : 'No task matches these filters.') +
          (mayCreate ? ' Add one, or start from a template.' : '')
        }
        filtered={filtered}
        onClearFilters={() => show({ ...defaultTaskFilters(), view: filters.view })}
        page={page}
        pageSize={TASK_PAGE_SIZE}
        onPage={setPage}
        skeleton={{ rows: 2, height: 64 }}
      >
        {(rows) => (
          <>
            {selected.size > 0 && <TaskBulkBar area={area} ids={[...selected]} onDone={clear} onClear={clear} />}
            <TaskRows rows={rows} area={area} selected={selectable ? selected : null} onToggle={toggle} />
          </>
        )}
      </FilteredList>
      <TaskFormModal
        area={area}
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        selfId={selfId}
        onCreated={(made) => show(filtersAfterCreate(made, mayManage))}
      />
      <TemplatesModal area={area} opened={templatesOpen} onClose={() => setTemplatesOpen(false)} />
    </Stack>
  );
}
