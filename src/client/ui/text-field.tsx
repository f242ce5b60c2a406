// A text input: required (with the "Required" badge while empty), optional
// minimum and maximum length and pattern; the messages come from the form's schema.
import { TextInput, type TextInputProps } from '@mantine/core';
import { FieldLabel, isEmptyValue } from './field-label';

export type TextFieldProps = Omit<TextInputProps, 'withAsterisk'> & { value: string };

export function TextField({ label, required = false, value, ...props }: TextFieldProps) {
  return (
    <TextInput
      {...props}
      value={value}
      required={required}
      withAsterisk={false}
      label={label === undefined ? undefined : <FieldLabel label={label} showRequired={required && isEmptyValue(value)} />}
    />
  );
}
