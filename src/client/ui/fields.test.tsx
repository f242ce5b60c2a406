import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelectField, type SelectOption } from './select-field';
import { TextField } from './text-field';
import { TextareaField } from './textarea-field';
import { typeAheadMatch, useTypeAhead } from './use-type-ahead';

// jsdom cannot scroll; Mantine scrolls the chosen option into view.
Element.prototype.scrollIntoView ??= () => undefined;

const inApp = (ui: React.ReactNode) => render(<MantineProvider env="test">{ui}</MantineProvider>);

function ControlledText({ required }: { required?: boolean }) {
  const [value, setValue] = useState('');
  return <TextField label="First name" required={required} value={value} onChange={(event) => setValue(event.currentTarget.value)} />;
}

function ControlledTextarea({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <TextareaField label="Message" required maxLength={500} value={value} onChange={(event) => setValue(event.currentTarget.value)} />;
}

const DEPARTMENTS: SelectOption[] = [
  { value: 'd1', label: 'Operations' },
  { value: 'd2', label: 'Finance' },
];

function ControlledSelect({
  required,
  label = 'Department',
  onPick,
}: {
  required?: boolean;
  label?: string;
  onPick?: (v: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SelectField
      label={label}
      required={required}
      data={DEPARTMENTS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick?.(next);
      }}
    />
  );
}

afterEach(() => vi.useRealTimers());

/** Opens the department select with a tap at (100, 100), as a finger does, and finds the option that opened. */
async function openByTap() {
  const input = screen.getByRole('combobox', { name: 'Department' });
  fireEvent.pointerDown(input, { clientX: 100, clientY: 100 });
  fireEvent.click(input, { clientX: 100, clientY: 100 });
  return screen.findByRole('option', { name: 'Operations' });
}

describe('text fields', () => {
  it('show the "Required" badge while a required field is empty, without changing its name', () => {
    inApp(<ControlledText required />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toBeRequired();
    expect(screen.getByText('Required')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Ann' } });
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('show no badge on an optional field', () => {
    inApp(<ControlledText />);
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });
});

describe('textareas', () => {
  it('have 6 rows and count the characters left against the maximum', () => {
    inApp(<ControlledTextarea />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    expect(textarea).toHaveAttribute('rows', '6');
    expect(textarea).toHaveAttribute('maxlength', '500');
    expect(textarea).toHaveAccessibleDescription('500 characters left');
    fireEvent.change(textarea, { target: { value: 'Hello' } });
    expect(screen.getByText('495 characters left')).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('refuse text over the maximum that got past the browser', () => {
    inApp(<ControlledTextarea />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('0 characters left')).toBeInTheDocument();
    expect(screen.getByText('Max length exceeded.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('selects', () => {
  it('prompt "Please select" with the badge when required and empty', () => {
    inApp(<ControlledSelect required />);
    expect(screen.getByPlaceholderText('Please select')).toBeInTheDocument();
    expect(screen.getByText('Required')).toBeInTheDocument();
  });

  it('offer "No {label}" on an optional select, and "Not Selected" without a plain label', async () => {
    const onPick = vi.fn();
    const { unmount } = inApp(<ControlledSelect onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Department' });
    expect(input).toHaveValue('No Department');
    fireEvent.click(input);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No Department', 'Operations', 'Finance']);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.click(within(listbox).getByRole('option', { name: 'Finance' }));
    expect(onPick).toHaveBeenLastCalledWith('d2');
    unmount();
    inApp(<ControlledSelect label="" />);
    expect(screen.getByRole('combobox')).toHaveValue('Not Selected');
  });

  it('ignore the late click of the press that opened them, but take a real choice', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const onPick = vi.fn();
    inApp(<ControlledSelect required onPick={onPick} />);
    const option = await openByTap();
    // The same tap arriving again on the option that opened under the finger.
    fireEvent.click(option, { clientX: 102, clientY: 101 });
    expect(onPick).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.pointerDown(option, { clientX: 102, clientY: 101 });
    fireEvent.click(option, { clientX: 102, clientY: 101 });
    expect(onPick).toHaveBeenCalledWith('d1');
  });

  it('take a quick choice pressed on an option away from the opening press', async () => {
    const onPick = vi.fn();
    inApp(<ControlledSelect required onPick={onPick} />);
    const option = await openByTap();
    // Within 200 ms of opening, but a press of its own 60 px below the opening one.
    fireEvent.pointerDown(option, { clientX: 100, clientY: 160 });
    fireEvent.click(option, { clientX: 100, clientY: 160 });
    expect(onPick).toHaveBeenCalledWith('d1');
  });
});

describe('type-ahead', () => {
  const labels = ['Dashboard', 'Documents', 'Employees', 'Expenses', 'Reports'];

  it('finds the first label with the typed prefix, cycling on a repeated letter', () => {
    expect(typeAheadMatch(labels, 'ex', 0)).toBe(3);
    expect(typeAheadMatch(labels, 'd', 0)).toBe(1);
    expect(typeAheadMatch(labels, 'd', 1)).toBe(0);
    expect(typeAheadMatch(labels, 'z', 0)).toBe(-1);
  });

  it('forgets what was typed after 350 ms', () => {
    vi.useFakeTimers();
    const feed = renderHook(() => useTypeAhead(labels)).result.current;
    expect(feed('e', -1)).toBe(2);
    act(() => vi.advanceTimersByTime(349));
    expect(feed('x', 2)).toBe(3); // "ex"
    act(() => vi.advanceTimersByTime(350));
    expect(feed('r', 3)).toBe(4); // a fresh "r", not "exr"
  });
});
