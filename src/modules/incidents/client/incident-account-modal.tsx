// Correcting the account of an incident after it was reported: where, what happened, the
// injury and its treatment, witnesses and what was done at once. The record is saved whole
// (PUT), so the RIDDOR answers and the linked absence stay as they are.
import { Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import { FormFooter } from '../../../client/ui/form-footer';
import { TextareaField } from '../../../client/ui/textarea-field';
import { TextField } from '../../../client/ui/text-field';
import type { IncidentDetail } from '../incidents.contract';
import { refusalMessage, updateIncidentMutationOptions } from './incidents.api';

/** The record as the update call takes it, with changes. */
export const editable = (incident: IncidentDetail) => ({
  occurred_at: incident.occurred_at,
  location: incident.location,
  person_kind: incident.person.kind,
  person_user_id: incident.person.user_id,
  person_name: incident.person.kind === 'other' ? incident.person.name : null,
  person_contact: incident.person.contact,
  person_is_worker: incident.person.is_worker,
  what_happened: incident.what_happened,
  injury: incident.injury,
  body_part: incident.body_part,
  treatment: incident.treatment,
  taken_to_hospital: incident.taken_to_hospital,
  witnesses: incident.witnesses,
  immediate_actions: incident.immediate_actions,
  death: incident.death,
  specified_injury: incident.specified_injury,
  dangerous_occurrence: incident.dangerous_occurrence,
  occupational_disease: incident.occupational_disease,
  diagnosed_on: incident.diagnosed_on,
  incapacity_last_day: incident.incapacity_last_day,
  absence_id: incident.absence?.id ?? null,
});

const TEXTS = [
  { name: 'location', label: 'Where', max: 200, required: true, short: true },
  { name: 'what_happened', label: 'What happened', max: 5000, required: true },
  { name: 'injury', label: 'Injury', max: 1000 },
  { name: 'body_part', label: 'Part of the body', max: 200, short: true },
  { name: 'treatment', label: 'Treatment', max: 1000 },
  { name: 'witnesses', label: 'Witnesses', max: 1000 },
  { name: 'immediate_actions', label: 'Immediate actions', max: 2000 },
] as const;

type TextName = (typeof TEXTS)[number]['name'];

export function IncidentAccountModal({ incident, opened, onClose }: { incident: IncidentDetail; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit the account" size="lg">
      {opened && <AccountForm incident={incident} onClose={onClose} />}
    </Modal>
  );
}

function AccountForm({ incident, onClose }: { incident: IncidentDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const update = useMutation(updateIncidentMutationOptions(queryClient));
  const [values, setValues] = useState<Record<TextName, string>>(() => {
    const current = editable(incident);
    return Object.fromEntries(TEXTS.map((field) => [field.name, current[field.name] ?? ''])) as Record<TextName, string>;
  });
  const fieldErrors = isApiError(update.error, 422) ? (update.error.fieldErrors ?? {}) : {};
  const problem = !update.isError
    ? null
    : isApiError(update.error, 422) && TEXTS.some((field) => fieldErrors[field.name])
      ? null
      : (refusalMessage(update.error) ?? 'Error occurred');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texts = Object.fromEntries(TEXTS.map((field) => [field.name, values[field.name].trim() || null]));
    update.mutate(
      { id: incident.id, body: { ...editable(incident), ...texts } },
      {
        onSuccess: () => {
          showSuccessToast({ message: 'Saved.' });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit the account">
      <Stack gap="sm">
        {TEXTS.map((field) => {
          const props = {
            label: field.label,
            required: 'required' in field && field.required,
            maxLength: field.max,
            value: values[field.name],
            error: fieldErrors[field.name]?.join(' '),
            onChange: (event: { currentTarget: { value: string } }) => {
              const next = event.currentTarget.value;
              setValues((current) => ({ ...current, [field.name]: next }));
            },
          };
          return 'short' in field ? <TextField key={field.name} {...props} /> : <TextareaField key={field.name} {...props} />;
        })}
        <FormFooter submitting={update.isPending} onCancel={onClose} problem={problem} />
      </Stack>
    </form>
  );
}
