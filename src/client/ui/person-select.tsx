// A person chosen by name as one types: the server searches the people the caller may see, a
// page of 20 by name; the names already chosen stay on the list while another search shows.
// In a form it offers active people; as a list's filter, anyone, with a way to clear it.
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PEOPLE_SEARCH_PATH, type PeopleFound } from '../../shared/people-search';
import { apiFetch } from '../api/api-client';

type Props = {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  /** The person chosen when the form opens, whose name no search has brought yet. */
  initial?: { id: string; name: string } | undefined;
  /** A list's filter: anyone the caller may see, "Anyone" when clear, and no error toast of its own. */
  asFilter?: boolean;
};

export function PersonSelect({ label, value, onChange, error, initial, asFilter = false }: Props) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(() => new Map(initial ? [[initial.id, initial.name]] : []));
  const chosen = value ? known.get(value) : undefined;
  // Choosing a person writes their name into the box: that is not a new search.
  const [debounced] = useDebouncedValue(search.trim() === chosen ? '' : search.trim(), 250);
  const people = useQuery({
    queryKey: ['user-basic', 'person-select', asFilter ? 'anyone' : 'active', debounced] as const,
    queryFn: ({ signal }) =>
      apiFetch<PeopleFound>(PEOPLE_SEARCH_PATH, {
        signal,
        query: { search: debounced, ...(asFilter ? {} : { status: ['active'] }), limit: 20, sort: 'name' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    ...(asFilter ? { meta: { errorToast: false } } : {}),
  });
  const data = useMemo(() => {
    const names = new Map(known);
    for (const person of people.data?.results ?? []) names.set(person.id, `${person.first_name} ${person.surname}`);
    return [...names].map(([id, name]) => ({ value: id, label: name }));
  }, [known, people.data]);
  return (
    <Select
      label={label}
      placeholder={asFilter ? 'Anyone' : 'Type a name'}
      data={data}
      value={value}
      searchable
      clearable={asFilter}
      onSearchChange={setSearch}
      // The server has already matched the names.
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
