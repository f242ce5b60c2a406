// The employee's self-certification (SelfCertificationInputSchema): reason, what was
// wrong, first and last day (prefilled from the item), two yes/no questions and the
// declaration. Sent through the outbox when offline ("Saved. It will be sent when you are back
// online."); the answers are special-category and live only in the outbox until sent. Opened
// from the outbox to correct a refused form, it holds the answers sent and the server's messages.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { CorrectionNotice } from '../../../../client/offline/correction-notice';
import { correctionRecord, finishCorrection, useCorrection } from '../../../../client/offline/outbox-correction';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm } from '../../../../client/ui/use-form';
import { isQueuedResponse } from '../../../../shared/sw-messages';
import { fieldMessages } from '../../../../shared/validators';
import { LEAVE_ROUTES, ordered, SICKNESS_CATEGORIES, SICKNESS_CATEGORY_LABELS } from '../../leave.contract';
import { SelfCertificationInputSchema, type ReturnToWorkItem, type SelfCertificationInput } from '../../return-to-work.contract';
import { selfCertificationMutationOptions } from '../return-to-work.api';
import { DECLARATION, QUEUED_MESSAGE } from './return-to-work-words';
import { DateField } from '../../../../client/ui/date-field';

/** The contract's schema, with the yes/no questions starting unanswered and "Field is required." until answered. */
const entries = SelfCertificationInputSchema.pipe[0].entries;
const FormSchema = v.pipe(
  v.object({ ...entries, consulted_doctor: v.boolean(fieldMessages.required), injury_at_work: v.boolean(fieldMessages.required) }),
  ordered('first_day_of_sickness', 'last_day_of_sickness'),
);

function YesNo({
  label,
  value,
  error,
  onChange,
  name,
}: {
  label: string;
  name: string;
  value: boolean | null;
  error?: string;
  onChange: (value: boolean) => void;
}) {
  return (
    <Radio.Group
      label={label}
      name={name}
      value={value === null ? null : value ? 'yes' : 'no'}
      onChange={(next) => onChange(next === 'yes')}
      error={error}
      required
      withAsterisk={false}
    >
      <Group gap="lg" mt={6}>
        <Radio value="yes" label="Yes" />
        <Radio value="no" label="No" />
      </Group>
    </Radio.Group>
  );
}

export function SelfCertificationForm({ item }: { item: ReturnToWorkItem }) {
  const queryClient = useQueryClient();
  const send = useMutation(selfCertificationMutationOptions(queryClient));
  const [queued, setQueued] = useState(false);
  // Opened from the outbox to correct a refused form: its answers as sent, and the server's words.
  const correction = useCorrection(LEAVE_ROUTES.selfCertification(item.id));
  const sent = correctionRecord(correction) as Partial<SelfCertificationInput> | null;
  const form = useForm({
    schema: FormSchema,
    ...(correction?.error?.fields ? { initialErrors: correction.error.fields } : {}),
    initialValues: {
      reason_category: sent?.reason_category ?? item.sickness_category,
      description: sent?.description ?? '',
      first_day_of_sickness: sent?.first_day_of_sickness ?? item.first_day,
      last_day_of_sickness: sent?.last_day_of_sickness ?? item.last_day,
      consulted_doctor: sent?.consulted_doctor ?? null,
      injury_at_work: sent?.injury_at_work ?? null,
      declaration: sent?.declaration ?? null,
    },
    onSubmit: async (input) => {
      const answer = await send.mutateAsync({ id: item.id, input });
      finishCorrection(correction);
      if (isQueuedResponse(answer)) setQueued(true);
      else showSuccessToast({ message: 'Return to work form sent.' });
    },
  });

  if (queued) {
    return (
      <Alert color="yellow" variant="light" role="status" title="Waiting to sync">
        {QUEUED_MESSAGE}
      </Alert>
    );
  }
  const yesNo = (path: 'consulted_doctor' | 'injury_at_work') => form.valueProps<boolean | null>(path);
  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Self-certification">
      <Stack gap="md">
        <CorrectionNotice item={correction} what="form" />
        <SelectField
          label="Reason"
          required
          data={SICKNESS_CATEGORIES.map((value) => ({ value, label: SICKNESS_CATEGORY_LABELS[value] }))}
          {...form.valueProps<string | null>('reason_category')}
        />
        <TextareaField label="What was wrong?" required maxLength={2000} {...form.textProps('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField label="First day of sickness" required {...form.valueProps<string>('first_day_of_sickness')} />
          <DateField label="Last day of sickness" required {...form.valueProps<string>('last_day_of_sickness')} />
        </SimpleGrid>
        <YesNo label="Did you see a doctor?" {...yesNo('consulted_doctor')} />
        <YesNo label="Was it caused by an accident or injury at work?" {...yesNo('injury_at_work')} />
        <Checkbox label={DECLARATION} {...form.checkboxProps('declaration')} />
        {form.otherErrors.length > 0 && (
          <Alert color="red" role="alert">
            {form.otherErrors.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} w={{ base: '100%', sm: 'auto' }}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
