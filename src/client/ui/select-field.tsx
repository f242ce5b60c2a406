// A select. A required one prompts "Please select" and shows the
// "Required" badge while empty; an optional one offers a way back to nothing, "No {label}"
// (or "Not Selected" when the label is not plain text). The dropdown opens on a click; a
// click that reaches an option within 200 ms of opening and less than 5 px from where the
// opening press was is the tail of that press (a touch screen's late click) and is ignored.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import { Box, Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { SELECT_MIN_PRESS_MS, SELECT_POINTER_SLOP_PX } from '../../shared/constants';
import { FieldLabel } from './field-label';

export const PLEASE_SELECT = 'Please select';
export const NOT_SELECTED = 'Not Selected';
const NONE = '__none__';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<SelectProps, 'withAsterisk' | 'data' | 'value' | 'onChange' | 'placeholder'> & {
  data: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** What an optional select calls "nothing chosen"; "No {label}" by default. */
  noneLabel?: string;
};

export function noneLabelFor(label: SelectProps['label'], noneLabel?: string): string {
  if (noneLabel) return noneLabel;
  return typeof label === 'string' && label !== '' ? `No ${label}` : NOT_SELECTED;
}

export function SelectField({ label, required = false, value, onChange, data, noneLabel, onDropdownOpen, ...props }: SelectFieldProps) {
  const press = useRef<{ x: number; y: number } | null>(null);
  const openedAt = useRef(0);
  const none = noneLabelFor(label, noneLabel);
  const options: ComboboxItem[] = required ? data : [{ value: NONE, label: none }, ...data];

  const onOption = (event: PointerEvent | MouseEvent) => event.target instanceof Element && event.target.closest('[data-combobox-option]');
  // Only the press that opens the dropdown counts: a press on an option is the user choosing.
  const rememberPress = (event: PointerEvent) => {
    if (!onOption(event)) press.current = { x: event.clientX, y: event.clientY };
  };
  const ignoreEcho = (event: MouseEvent) => {
    if (!onOption(event) || !press.current) return;
    const moved = Math.hypot(event.clientX - press.current.x, event.clientY - press.current.y);
    if (performance.now() - openedAt.current < SELECT_MIN_PRESS_MS && moved < SELECT_POINTER_SLOP_PX) {
      event.stopPropagation();
      event.preventDefault();
    }
  };

  return (
    // React events bubble from the dropdown's portal through this box.
    <Box onPointerDownCapture={rememberPress} onClickCapture={ignoreEcho}>
      <Select
        {...props}
        data={options}
        value={value ?? (required ? null : NONE)}
        onChange={(next) => onChange(next === NONE ? null : next)}
        onDropdownOpen={() => {
          openedAt.current = performance.now();
          onDropdownOpen?.();
        }}
        required={required}
        withAsterisk={false}
        allowDeselect={false}
        placeholder={required ? PLEASE_SELECT : none}
        label={label === undefined ? undefined : <FieldLabel label={label} showRequired={required && value === null} />}
      />
    </Box>
  );
}
