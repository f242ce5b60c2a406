// Choosing whose leave it is, for those who book for others (managers, HR, owners): people in
// the caller's scope found by name as they type (the server searches and keeps to the scope);
// the caller is always the first choice, "Myself".
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { peopleQueryOptions } from '../requests.api';

type PersonPickerProps = {
  label: string;
  name: string;
  /** The caller's id: "Myself". */
  selfId: string;
  value: string | null;
  onChange: (id: string) => void;
  /** The chosen person's name when the picker opens on someone else. */
  initialName?: string | undefined;
  error?: string | undefined;
};

export const MYSELF = 'Myself';

export function PersonPicker({ label, name, selfId, value, onChange, initialName, error }: PersonPickerProps) {
  const [search, setSearch] = useState('');
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  // The box shows the chosen name once chosen: that is not a search.
  const chosenLabel = !value || value === selfId ? MYSELF : (known.get(value) ?? initialName);
  const [debounced] = useDebouncedValue(search.trim() === chosenLabel ? '' : search.trim(), 250);
  const people = useQuery(peopleQueryOptions(debounced));

  const data = useMemo(() => {
    const names = new Map(known);
    if (value && initialName && !names.has(value)) names.set(value, initialName);
    for (const person of people.data?.results ?? []) names.set(person.id, `${person.first_name} ${person.surname}`);
    names.delete(selfId);
    return [{ value: selfId, label: MYSELF }, ...[...names].map(([id, personName]) => ({ value: id, label: personName }))];
  }, [known, people.data, selfId, value, initialName]);

  const choose = (id: string | null) => {
    if (!id) return;
    const chosen = data.find((option) => option.value === id);
    if (chosen && id !== selfId) setKnown((current) => new Map(current).set(id, chosen.label));
    onChange(id);
  };

  return (
    <Select
      label={label}
      name={name}
      description="Type a name to find a colleague."
      data={data}
      value={value ?? selfId}
      onChange={choose}
      searchable
      onSearchChange={setSearch}
      // The server has already matched the names.
      filter={({ options }) => options}
      allowDeselect={false}
      nothingFoundMessage={people.isFetching ? 'Searching...' : 'No colleague found'}
      error={error}
    />
  );
}
