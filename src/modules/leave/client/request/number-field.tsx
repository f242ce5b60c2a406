// A number input whose value is a number or null (cleared), for hours, allowances and
// adjustments; the schema's messages show under it.
import '@mantine/core/styles/NumberInput.css';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { FieldLabel } from '../../../../client/ui/field-label';

type NumberFieldProps = Omit<NumberInputProps, 'value' | 'onChange' | 'label' | 'withAsterisk'> & {
  label: string;
  name: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
};

export function NumberField({ label, required = false, value, onChange, allowNegative = false, ...props }: NumberFieldProps) {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      onChange={(next) => onChange(next === '' ? null : typeof next === 'number' ? next : Number(next))}
      allowNegative={allowNegative}
      required={required}
      withAsterisk={false}
      label={<FieldLabel label={label} showRequired={required && (value === null || value === undefined)} />}
    />
  );
}
