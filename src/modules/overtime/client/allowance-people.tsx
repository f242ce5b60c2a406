// "Who may report overtime": the company's active people, searchable and paged, each with a
// switch for paid overtime and one for time off in lieu (the user settings'
// allow_payable_overtime and allow_toil_overtime, changed through PUT /api/user-settings/{id},
// which refuses a change to one's own).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Loader, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch, isApiError } from '../../../client/api/api-client';
import { showDangerToast } from '../../../client/shell/toasts';
import type { ListResponse } from '../../../shared/list';
import { settingsPaths } from '../../../shared/settings.contract';
import { OVERTIME_RESOURCES } from '../overtime.contract';
import { ListPager } from '../../../client/ui/list-pager';

type Person = { id: string; name: string; department: string | null; allow_payable_overtime: boolean; allow_toil_overtime: boolean };
type Flag = 'allow_payable_overtime' | 'allow_toil_overtime';
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
      {people.isPending ? (
        <Loader aria-label="Loading people" />
      ) : people.isError ? (
        <Alert color="red">The people could not be loaded.</Alert>
      ) : people.data.results.length === 0 ? (
        <Text c="dimmed">Nobody matches.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Who may report overtime">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Paid overtime</Table.Th>
                <Table.Th>Time off in lieu</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.data.results.map((person) => (
                <Table.Tr key={person.id}>
                  <Table.Td>
                    <Text size="sm">{person.name}</Text>
                    <Text size="xs" c="dimmed">
                      {person.department ?? 'No department'}
                    </Text>
                  </Table.Td>
                  {(['allow_payable_overtime', 'allow_toil_overtime'] as const).map((flag) => (
                    <Table.Td key={flag}>
                      <Switch
                        aria-label={`${flag === 'allow_payable_overtime' ? 'Paid overtime' : 'Time off in lieu'} for ${person.name}`}
                        checked={person[flag]}
                        onChange={(event) => change.mutate({ id: person.id, flag, on: event.currentTarget.checked })}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager pages={pages} page={page} onPage={setPage} />
    </Stack>
  );
}
