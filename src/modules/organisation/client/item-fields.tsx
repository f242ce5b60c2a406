// The fields of an organisation item's form, described as data so one form serves every
// list: text, textarea, select, number, checkbox and a list of options.
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Checkbox, NumberInput, TagsInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { FieldLabel } from '../../../client/ui/field-label';
import { SelectField, type SelectOption } from '../../../client/ui/select-field';
import { TextField } from '../../../client/ui/text-field';
import { TextareaField } from '../../../client/ui/textarea-field';

type Common = {
  name: string;
  label: string;
  description?: string;
  required?: boolean;
  hidden?: (values: Record<string, unknown>) => boolean;
};
export type FieldSpec = Common &
  (
    | { kind: 'text'; maxLength?: number }
    | { kind: 'textarea'; maxLength?: number }
    | { kind: 'select'; options: SelectOption[] }
    | { kind: 'number'; min?: number; max?: number; step?: number }
    | { kind: 'checkbox' }
    | { kind: 'options' }
  );

/** What the form gives a field: the kit's prop makers of useForm. */
export type FieldBinding = {
  values: unknown;
  textProps: (path: string) => { name: string; value: string; error: string | undefined; onChange: (event: never) => void };
  valueProps: <T>(path: string) => { name: string; value: T; error: string | undefined; onChange: (value: T) => void };
  checkboxProps: (path: string) => { name: string; checked: boolean; error: string | undefined; onChange: (event: never) => void };
};

export function ItemField({ spec, form }: { spec: FieldSpec; form: FieldBinding }): ReactNode {
  const values = (form.values ?? {}) as Record<string, unknown>;
  if (spec.hidden?.(values)) return null;
  const common = { label: spec.label, description: spec.description, required: spec.required ?? false };
  switch (spec.kind) {
    case 'text':
      return <TextField {...common} {...form.textProps(spec.name)} maxLength={spec.maxLength} />;
    case 'textarea':
      return <TextareaField {...common} {...form.textProps(spec.name)} maxLength={spec.maxLength} />;
    case 'select':
      return <SelectField {...common} {...form.valueProps<string | null>(spec.name)} data={spec.options} />;
    case 'checkbox':
      return <Checkbox label={spec.label} description={spec.description} {...form.checkboxProps(spec.name)} />;
    case 'number': {
      const props = form.valueProps<number | null>(spec.name);
      return (
        <NumberInput
          {...common}
          name={props.name}
          error={props.error}
          value={props.value ?? ''}
          onChange={(value) => props.onChange(typeof value === 'number' ? value : null)}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          decimalScale={2}
          withAsterisk={false}
        />
      );
    }
    case 'options': {
      const props = form.valueProps<string[] | null>(spec.name);
      return (
        <TagsInput
          {...common}
          withAsterisk={false}
          label={<FieldLabel label={spec.label} showRequired={false} />}
          name={props.name}
          error={props.error}
          value={props.value ?? []}
          onChange={props.onChange}
          clearable
        />
      );
    }
  }
}
