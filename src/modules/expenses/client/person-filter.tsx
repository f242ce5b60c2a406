// The claims list's person filter, for approvers and managers: people in the caller's scope
// found by name as they type (the server searches and keeps to the scope).
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiFetch } from '../../../client/api/api-client';
import { directoryPaths, type DirectoryPage } from '../../employees/directory.contract';

type Props = { value: string | undefined; onChange: (id: string | undefined) => void };

export function PersonFilter({ value, onChange }: Props) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const chosen = value ? known.get(value) : undefined;
  const [debounced] = useDebouncedValue(search.trim() === chosen ? '' : search.trim(), 250);
  const people = useQuery({
    queryKey: ['user-basic', 'expenses-person-filter', debounced],
    queryFn: ({ signal }) =>
      apiFetch<DirectoryPage>(directoryPaths.userBasic, { signal, query: { search: debounced, limit: 20, sort: 'name' } }),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
    meta: { errorToast: false },
  });
  const data = useMemo(() => {
    const names = new Map(known);
    for (const person of people.data?.results ?? []) names.set(person.id, `${person.first_name} ${person.surname}`);
    return [...names].map(([id, name]) => ({ value: id, label: name }));
  }, [known, people.data]);

  return (
    <Select
      label="Person"
      placeholder="Anyone"
      data={data}
      value={value ?? null}
      searchable
      clearable
      onSearchChange={setSearch}
      // The server has already matched the names.
      filter={({ options }) => options}
      nothingFoundMessage={people.isFetching ? 'Searching...' : 'Nobody found'}
      onChange={(id) => {
        const label = data.find((option) => option.value === id)?.label;
        if (id && label) setKnown((current) => new Map(current).set(id, label));
        onChange(id ?? undefined);
      }}
    />
  );
}
