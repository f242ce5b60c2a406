// The edit form of a one-row record (personal details, contact details, about me): kit fields
// for the listed keys, checked with the contract's schema, then by the resource's /validate,
// then saved; errors from any of the three land on their field.

import type * as v from 'valibot';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { TextField } from '../../../../client/ui/text-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm, validateOnServer } from '../../../../client/ui/use-form';
import { FieldPairs, RecordFormFrame } from './personal-records-ui';

export type FieldSpec = {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'date' | 'email' | 'tel';
  maxLength?: number;
  description?: string;
};

type Props = {
  /** Its accessible name. */
  label: string;
  schema: v.GenericSchema;
  fields: FieldSpec[];
  initialValues: Record<string, string>;
  /** resource whose /validate is asked before saving. */
  resource: string;
  onSave: (output: unknown) => Promise<unknown>;
  onDone: () => void;
  savedMessage: string;
};

export function RecordForm({ label, schema, fields, initialValues, resource, onSave, onDone, savedMessage }: Props) {
  const form = useForm({
    schema,
    initialValues: initialValues as never,
    serverValidate: validateOnServer(resource),
    onSubmit: async (output) => {
      await onSave(output);
      showSuccessToast({ message: savedMessage });
      onDone();
    },
  });
  const short = fields.filter((field) => field.kind !== 'textarea');
  const long = fields.filter((field) => field.kind === 'textarea');
  return (
    <RecordFormFrame form={form} label={label} onCancel={onDone}>
      {short.length > 0 && (
        <FieldPairs>
          {short.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              description={field.description}
              type={field.kind ?? 'text'}
              maxLength={field.maxLength}
              {...form.textProps(field.name)}
            />
          ))}
        </FieldPairs>
      )}
      {long.map((field) => (
        <TextareaField
          key={field.name}
          label={field.label}
          description={field.description}
          maxLength={field.maxLength}
          {...form.textProps(field.name)}
        />
      ))}
    </RecordFormFrame>
  );
}

/** The form's starting values: each field's text, '' for nothing. */
export function initialTextValues(fields: FieldSpec[], record: object): Record<string, string> {
  const values = record as Record<string, unknown>;
  return Object.fromEntries(
    fields.map((field) => [field.name, typeof values[field.name] === 'string' ? (values[field.name] as string) : '']),
  );
}
