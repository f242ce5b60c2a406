// The profile's Additional tab: the company's custom form fields (set up in settings) with
// this person's answers, edited with an input that fits each field's type. The server checks
// each answer against its field and names the field it refuses.
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm } from '../../../../client/ui/use-form';
import { DATE_FORMATS, formatCalendarDate } from '../../../../shared/dates';
import {
  CUSTOM_TEXT_MAX_LENGTH,
  CUSTOM_TEXTAREA_MAX_LENGTH,
  personalRecordEndpoints,
  UpdateUserCustomFieldsInputSchema,
  type UserCustomField,
} from '../../personal-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { customFieldsQueryOptions, updateCustomFieldsMutationOptions } from './personal-records.api';
import { QueryState, ReadView, RecordFormFrame, RecordSection } from './personal-records-ui';

export const NO_CUSTOM_FIELDS = 'No additional fields have been set up.';

function displayValue(field: UserCustomField): string | null {
  if (field.value === null || field.value === '') return null;
  if (field.field_type === 'checkbox') return field.value === 'true' ? 'Yes' : 'No';
  if (field.field_type === 'date') return formatCalendarDate(field.value, DATE_FORMATS.date) || field.value;
  return field.value;
}

type FormValues = { values: Record<string, string | boolean | null> };

function initialValuesOf(fields: UserCustomField[]): FormValues {
  return {
    values: Object.fromEntries(
      fields.map((field) => [
        field.id,
        field.field_type === 'checkbox' ? field.value === 'true' : field.field_type === 'select' ? field.value : (field.value ?? ''),
      ]),
    ),
  };
}

function CustomFieldsForm({ userId, fields, onDone }: { userId: string; fields: UserCustomField[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateCustomFieldsMutationOptions(queryClient));
  const form = useForm({
    schema: UpdateUserCustomFieldsInputSchema,
    initialValues: initialValuesOf(fields) as never,
    onSubmit: async (input) => {
      await update.mutateAsync({ userId, input });
      showSuccessToast({ message: 'Additional details saved.' });
      onDone();
    },
  });
  const input = (field: UserCustomField) => {
    const path = `values.${field.id}`;
    switch (field.field_type) {
      case 'checkbox':
        return <Checkbox label={field.label} {...form.checkboxProps(path)} />;
      case 'select':
        return (
          <SelectField
            label={field.label}
            required={field.required}
            data={field.options.map((option) => ({ value: option, label: option }))}
            {...form.valueProps<string | null>(path)}
          />
        );
      case 'textarea':
        return (
          <TextareaField label={field.label} required={field.required} maxLength={CUSTOM_TEXTAREA_MAX_LENGTH} {...form.textProps(path)} />
        );
      default:
        return (
          <TextField
            label={field.label}
            required={field.required}
            type={field.field_type === 'text' ? 'text' : field.field_type}
            inputMode={field.field_type === 'number' ? 'decimal' : undefined}
            maxLength={field.field_type === 'text' ? CUSTOM_TEXT_MAX_LENGTH : undefined}
            {...form.textProps(path)}
          />
        );
    }
  };
  return (
    <RecordFormFrame form={form} label="Additional details" onCancel={onDone}>
      {fields.map((field) => (
        <div key={field.id}>{input(field)}</div>
      ))}
    </RecordFormFrame>
  );
}

export default function CustomFieldsTab({ userId }: ProfileTabProps) {
  const custom = useQuery(customFieldsQueryOptions(userId));
  const [editing, setEditing] = useState(false);
  const fields = custom.data?.fields ?? [];
  const mayEdit = can({ endpoint: personalRecordEndpoints.customFields, method: 'PUT' }) && fields.length > 0 && !editing;
  return (
    <Stack gap="lg">
      <RecordSection title="Additional details" onEdit={mayEdit ? () => setEditing(true) : null}>
        <QueryState query={custom} what="additional details" />
        {custom.data && fields.length === 0 && <Text c="dimmed">{NO_CUSTOM_FIELDS}</Text>}
        {custom.data &&
          fields.length > 0 &&
          (editing ? (
            <CustomFieldsForm userId={userId} fields={fields} onDone={() => setEditing(false)} />
          ) : (
            <ReadView items={fields.map((field) => ({ label: field.label, value: displayValue(field) }))} />
          ))}
      </RecordSection>
    </Stack>
  );
}
