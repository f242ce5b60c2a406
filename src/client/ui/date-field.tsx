// The one date field of the app: British format (dd/mm/yyyy typed or picked; weeks start on
// Monday), never the browser's native picker (mm/dd/yyyy in a US-locale browser). Its value is
// the contract's 'yyyy-MM-dd' string ('' while empty, like a text field).
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { isIsoDate } from '../../shared/dates';
import { FieldLabel } from './field-label';

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

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'label' | 'withAsterisk'> & {
  label: string;
  name?: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
};

export function DateField({ label, required = false, value, onChange, ...props }: DateFieldProps) {
  return (
    <DateInput
      {...props}
      value={value ? value : null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseBritishDate}
      firstDayOfWeek={1}
      placeholder="dd/mm/yyyy"
      allowDeselect={!required}
      required={required}
      withAsterisk={false}
      label={<FieldLabel label={label} showRequired={required && !value} />}
    />
  );
}
