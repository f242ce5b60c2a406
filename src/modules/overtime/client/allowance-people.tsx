// "Who may report overtime": the company's active people, searchable and paged, each with a
// switch for paid overtime and one for time off in lieu (the user settings'
// allow_payable_overtime and allow_toil_overtime, changed through PUT /api/user-settings/{id},
// which refuses a change to one's own): a table on wider screens, a card a person on a phone.
import '@mantine/core/styles/Switch.css';
import { Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { showDangerToast } from '../../../client/shell/toasts';
import type { ListResponse } from '../../../shared/list';
import { settingsPaths } from '../../../shared/settings.contract';
import { OVERTIME_RESOURCES } from '../overtime.contract';
import { ListPager } from '../../../client/ui/list-pager';
import { QueryRows } from '../../../client/ui/query-rows';
import { RowsView } from '../../../client/ui/rows-view';

type Person = { id: string; name: string; department: string | null; allow_payable_overtime: boolean; allow_toil_overtime: boolean };
const FLAGS = ['allow_payable_overtime', 'allow_toil_overtime'] as const;
type Flag = (typeof FLAGS)[number];
const FLAG_LABELS: Record<Flag, string> = { allow_payable_overtime: 'Paid overtime', allow_toil_overtime: 'Time off in lieu' };
const PAGE = 25;

export function AllowancePeople() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [asked] = useDebouncedValue(search.trim(), 300);
  const key = [OVERTIME_RESOURCES.settings, 'people', asked, page] as const;
  const people = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<Person>>('/api/overtime-people', {
        signal,
        query: { search: asked || undefined, offset: (page - 1) * PAGE, limit: PAGE },
      }),
    placeholderData: keepPreviousData,
  });
  const change = useMutation({
    mutationFn: ({ id, flag, on }: { id: string; flag: Flag; on: boolean }) =>
      apiFetch<unknown>(settingsPaths.userSettings(id), { method: 'PUT', body: { [flag]: on } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [OVERTIME_RESOURCES.settings, 'people'] }),
    onError: (error) =>
      showDangerToast({ message: isApiError(error) && error.status < 500 ? error.message : 'The change could not be saved.' }),
  });
  const pages = Math.max(1, Math.ceil((people.data?.count ?? 0) / PAGE));
  return (
    <Stack gap="sm">
      <TextInput
        label="Find a person"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={320}
      />
      <QueryRows query={people} rows={people.data?.results} what="people" empty="Nobody matches.">
        {(rows) => (
          <RowsView
            label="Who may report overtime"
            rows={rows}
            minWidth={480}
            titleOf={(person) => person.name}
            columns={[
              {
                label: 'Person',
                render: (person) => (
                  <>
                    <Text size="sm">{person.name}</Text>
                    <Text size="xs" c="dimmed">
                      {person.department ?? 'No department'}
                    </Text>
                  </>
                ),
              },
              ...FLAGS.map((flag) => ({
                label: FLAG_LABELS[flag],
                render: (person: Person) => (
                  <Switch
                    aria-label={`${FLAG_LABELS[flag]} for ${person.name}`}
                    checked={person[flag]}
                    onChange={(event) => change.mutate({ id: person.id, flag, on: event.currentTarget.checked })}
                  />
                ),
              })),
            ]}
          />
        )}
      </QueryRows>
      <ListPager pages={pages} page={page} onPage={setPage} />
    </Stack>
  );
}
