// Adding or editing a blocked period: dates when employees may not book leave (a manager may
// book with a reason), for the whole company or one department.
import { Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm } from '../../../../client/ui/use-form';
import { BlockedDatePeriodInputSchema, type BlockedDatePeriod } from '../../leave-settings.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { departmentsQueryOptions } from '../../../../client/api/reference-lists';
import { saveSettingMutationOptions } from '../leave-settings.api';
import { DateField } from '../../../../client/ui/date-field';
import { FormFooter } from '../../../../client/ui/form-footer';
import { FormProblems } from './form-parts';

export const WHOLE_COMPANY = 'Whole company';

export function BlockedDateForm({ period, onClose }: { period: BlockedDatePeriod | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const departments = useQuery(departmentsQueryOptions());
  const save = useMutation(saveSettingMutationOptions<BlockedDatePeriod>(queryClient, LEAVE_RESOURCES.blockedDates));
  const form = useForm({
    schema: BlockedDatePeriodInputSchema,
    initialValues: {
      name: period?.name ?? '',
      start_date: period?.start_date ?? '',
      end_date: period?.end_date ?? '',
      department_id: period?.department_id ?? null,
      notes: period?.notes ?? '',
    },
    onSubmit: async (body) => {
      await save.mutateAsync({ id: period?.id, body });
      showSuccessToast({ message: period ? 'Blocked period saved.' : 'Blocked period added.' });
      onClose();
    },
  });
  const departmentOptions = (departments.data?.results ?? []).map((department) => ({ value: department.id, label: department.name }));
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={period ? 'Edit blocked period' : 'Add blocked period'}>
      <Stack gap="md">
        <TextField label="Name" required maxLength={100} placeholder="Year-end stocktake" {...form.textProps('name')} />
        <DateField label="First day" required {...form.valueProps<string>('start_date')} />
        <DateField label="Last day" required {...form.valueProps<string>('end_date')} />
        <SelectField
          label="Applies to"
          noneLabel={WHOLE_COMPANY}
          data={departmentOptions}
          {...form.valueProps<string | null>('department_id')}
        />
        <TextareaField label="Notes" maxLength={2000} {...form.textProps('notes')} />
        <FormProblems messages={form.otherErrors} />
        <FormFooter submitting={form.submitting} onCancel={onClose} label={period ? 'Save' : 'Add'} />
      </Stack>
    </form>
  );
}
