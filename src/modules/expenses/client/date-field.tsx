// A date input in the British format (dd/mm/yyyy typed or picked; weeks start on Monday)
// whose value is the contract's 'yyyy-MM-dd' string ('' while empty).
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { isIsoDate } from '../../../shared/dates';

const BRITISH = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** "1/6/2026", "01/06/2026" or "2026-06-01" → '2026-06-01'; anything else null. */
export function parseBritishDate(text: string): string | null {
  const trimmed = text.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const match = BRITISH.exec(trimmed);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]?.padStart(2, '0')}-${match[1]?.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

type Props = Omit<DateInputProps, 'value' | 'onChange'> & { value: string | null | undefined; onChange: (value: string) => void };

export function DateField({ value, onChange, required = false, ...props }: Props) {
  return (
    <DateInput
      {...props}
      value={value ? value : null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseBritishDate}
      firstDayOfWeek={1}
      placeholder="dd/mm/yyyy"
      clearable={!required}
      required={required}
    />
  );
}
