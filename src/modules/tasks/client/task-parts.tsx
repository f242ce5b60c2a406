// Small parts the task screens share: the person picker (people found by name on the server,
// in the caller's scope), a British date input, the task's badges and its due text.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Group, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiFetch } from '../../../client/api/api-client';
import { DATE_FORMATS, formatCalendarDate } from '../../../shared/dates';
import type { DirectoryPage } from '../../employees/directory.contract';
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

const peopleQueryOptions = (search: string) => ({
  queryKey: ['user-basic', 'task-people', search] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiFetch<DirectoryPage>('/api/user-basic', { signal, query: { search, status: ['active'], limit: 20, sort: 'name' } }),
  placeholderData: keepPreviousData,
  staleTime: 30_000,
});

export function PersonSelect({
  label,
  value,
  onChange,
  error,
  initial,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  initial?: { id: string; name: string } | undefined;
}) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(() => new Map(initial ? [[initial.id, initial.name]] : []));
  const chosen = value ? known.get(value) : undefined;
  const [debounced] = useDebouncedValue(search.trim() === chosen ? '' : search.trim(), 250);
  const people = useQuery(peopleQueryOptions(debounced));
  const data = useMemo(() => {
    const names = new Map(known);
    for (const person of people.data?.results ?? []) names.set(person.id, personName(person));
    return [...names].map(([id, name]) => ({ value: id, label: name }));
  }, [known, people.data]);
  return (
    <Select
      label={label}
      placeholder="Type a name"
      data={data}
      value={value}
      searchable
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(id) => {
        const option = data.find((candidate) => candidate.value === id);
        if (id && option) setKnown((current) => new Map(current).set(id, option.label));
        onChange(id);
      }}
      nothingFoundMessage={people.isFetching ? 'Searching...' : 'No one found'}
      error={error}
    />
  );
}
