// Choosing a person's line managers: active colleagues found by name as the user types (the
// server searches, so a company of thousands never loads whole), the chosen ones kept by name.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { NamedRef } from '../../employment-records.contract';
import { lineManagerOptionsQueryOptions } from './employment-records.api';

type Props = {
  userId: string;
  /** Names of the people chosen when the form opened. */
  initial: readonly NamedRef[];
  name: string;
  value: string[] | null | undefined;
  onChange: (ids: string[]) => void;
  error?: string | undefined;
};

export function LineManagerSelect({ userId, initial, name, value, onChange, error }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const options = useQuery(lineManagerOptionsQueryOptions(userId, debounced));
  const found = options.data?.results;
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(() => new Map(initial.map((person) => [person.id, person.name])));
  const chosen = useMemo(() => value ?? [], [value]);

  const data = useMemo(() => {
    const names = new Map(known);
    for (const person of found ?? []) names.set(person.id, person.name);
    const ids = [...new Set([...chosen, ...(found ?? []).map((person) => person.id)])];
    return ids.map((id) => ({ value: id, label: names.get(id) ?? 'Unknown colleague' }));
  }, [known, found, chosen]);

  const change = (ids: string[]) => {
    // Remember the names of those chosen from this search, for when the search moves on.
    const next = new Map(known);
    for (const person of found ?? []) if (ids.includes(person.id)) next.set(person.id, person.name);
    setKnown(next);
    onChange(ids);
  };

  return (
    <MultiSelect
      label="Line managers"
      description="Type a name to find a colleague."
      name={name}
      data={data}
      value={chosen}
      onChange={change}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched the names.
      filter={({ options: all }) => all}
      maxValues={10}
      clearable
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No colleague found'}
      error={error}
    />
  );
}
