// A textarea: 6 rows, the "Required" badge while a required one is
// empty, and "{n} characters left" against its maximum length. The browser stops typing at
// the maximum; text put there another way is refused with "Max length exceeded." at once.
import { Textarea, type TextareaProps } from '@mantine/core';
import { TEXTAREA_ROWS } from '../../shared/constants';
import { fieldMessages } from '../../shared/validators';
import { FieldLabel, isEmptyValue } from './field-label';

export type TextareaFieldProps = Omit<TextareaProps, 'withAsterisk' | 'rows' | 'autosize'> & { value: string; maxLength?: number };

export function charactersLeft(value: string, maxLength: number): string {
  return `${Math.max(0, maxLength - value.length)} characters left`;
}

export function TextareaField({ label, required = false, value, maxLength, description, error, ...props }: TextareaFieldProps) {
  const tooLong = maxLength !== undefined && value.length > maxLength;
  return (
    <Textarea
      {...props}
      value={value}
      rows={TEXTAREA_ROWS}
      maxLength={maxLength}
      required={required}
      withAsterisk={false}
      label={label === undefined ? undefined : <FieldLabel label={label} showRequired={required && isEmptyValue(value)} />}
      description={
        maxLength === undefined ? (
          description
        ) : (
          <>
            {description}
            {description ? ' ' : null}
            {charactersLeft(value, maxLength)}
          </>
        )
      }
      error={error ?? (tooLong ? fieldMessages.maxLength : undefined)}
    />
  );
}
