// A list's search box whose search lives in the address: what is typed is sent, trimmed, once
// typing pauses (the list replaces its address entry rather than adding one per pause), and when
// the address changes under it (the back button, "Clear filters") the box shows what it now says.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 250;

type Props = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  /** The search as the address has it. */
  value: string | undefined;
  /** The trimmed text, once typing has paused. */
  onSearch: (text: string) => void;
};

export function SearchField({ value, onSearch, ...input }: Props) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value ?? '');
  if ((value ?? '') !== shown) {
    setShown(value ?? '');
    setText(value ?? '');
  }
  const send = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      maxLength={100}
      {...input}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
    />
  );
}
