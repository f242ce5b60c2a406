// An administrator asks a company for access (impersonation): which company, why, and for
// how long. The company's owners are notified and decide.
import { Modal, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { CompanySelect, type CompanyChoice } from '../../../client/ui/company-select';
import { SelectField } from '../../../client/ui/select-field';
import { TextareaField } from '../../../client/ui/textarea-field';
import { useForm } from '../../../client/ui/use-form';
import { ACCESS_REASON_MAX_LENGTH, CreateAccessRequestInputSchema } from '../access-requests.contract';
import { accessRequestKeys, createAccessRequest } from './access-requests.api';
import { FormFooter } from '../../../client/ui/form-footer';

const DURATIONS = [1, 2, 4, 8, 24, 48, 72, 168].map((hours) => ({
  value: String(hours),
  label: hours === 168 ? '1 week' : hours >= 24 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`,
}));

export function RequestAccessModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<CompanyChoice | null>(null);
  const create = useMutation({ mutationFn: createAccessRequest });
  const form = useForm({
    schema: CreateAccessRequestInputSchema,
    initialValues: { company_id: '', reason: '', duration_hours: 4 },
    onSubmit: async (input) => {
      await create.mutateAsync(input);
      await queryClient.invalidateQueries({ queryKey: accessRequestKeys.all });
      showSuccessToast({ title: 'Access requested', message: 'The company has been notified and will approve or decline.' });
      form.reset();
      setChosen(null);
      onClose();
    },
  });
  const company = form.valueProps<string>('company_id');
  const duration = form.valueProps<number>('duration_hours');

  return (
    <Modal opened={opened} onClose={onClose} title="Request access to a company" size="lg">
      <form onSubmit={form.onSubmit} noValidate>
        <Stack gap="md">
          <CompanySelect
            label="Company"
            required
            value={chosen}
            onChange={(choice) => {
              setChosen(choice);
              company.onChange(choice?.id ?? '');
            }}
            error={company.error}
          />
          <TextareaField
            label="Reason"
            required
            description="The company sees this when it decides."
            maxLength={ACCESS_REASON_MAX_LENGTH}
            {...form.textProps('reason')}
          />
          <SelectField
            label="For how long"
            required
            data={DURATIONS}
            value={String(duration.value)}
            onChange={(value) => duration.onChange(Number(value))}
            error={duration.error}
          />
          <FormFooter submitting={form.submitting} onCancel={onClose} label="Send request" />
        </Stack>
      </form>
    </Modal>
  );
}
