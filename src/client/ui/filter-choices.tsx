// A list's filter as a multiple choice, the same on every filtered list: nothing chosen reads as
// the whole ("All departments"), the choices open in a portal over the page and can be cleared.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/ScrollArea.css';
import { MultiSelect } from '@mantine/core';

export const FILTER_COMBOBOX = { withinPortal: true, shadow: 'md' } as const;

/** Named records (departments, tags, leave types) as a filter's choices. */
export const namedChoices = (items: readonly { id: string; name: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: item.id, label: item.name }));

type FilterChoicesProps = {
  label: string;
  data: { value: string; label: string }[];
  value: string[] | undefined;
  onChange: (values: string[]) => void;
  /** What no choice means: "All departments". */
  whole: string;
  /** A short list (statuses) needs no typing to find a choice. */
  searchable?: boolean;
};

export function FilterChoices({ label, data, value, onChange, whole, searchable = true }: FilterChoicesProps) {
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value ?? []}
      onChange={onChange}
      placeholder={value?.length ? undefined : whole}
      searchable={searchable}
      clearable
      comboboxProps={FILTER_COMBOBOX}
    />
  );
}
