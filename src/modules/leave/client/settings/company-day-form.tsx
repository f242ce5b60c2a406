// A company's own day off added to the bank holidays (a Christmas shutdown day, a local
// holiday): for the region on screen or every region.
import { Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { useForm } from '../../../../client/ui/use-form';
import { CompanyBankHolidayInputSchema, type BankHoliday } from '../../leave-settings.contract';
import { BANK_HOLIDAY_REGION_LABELS, LEAVE_RESOURCES, type BankHolidayRegion } from '../../leave.contract';
import { saveSettingMutationOptions } from '../leave-settings.api';
import { DateField } from '../../../../client/ui/date-field';
import { FormFooter } from '../../../../client/ui/form-footer';
import { FormProblems } from './form-parts';

export const EVERY_REGION = 'Every region';

export function CompanyDayForm({ region, onClose }: { region: BankHolidayRegion; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveSettingMutationOptions<BankHoliday>(queryClient, LEAVE_RESOURCES.bankHolidays));
  const form = useForm({
    schema: CompanyBankHolidayInputSchema,
    initialValues: { date: '', name: '', region },
    onSubmit: async (body) => {
      await save.mutateAsync({ body });
      showSuccessToast({ message: 'Company day added.' });
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Add a company day">
      <Stack gap="md">
        <DateField label="Date" required {...form.valueProps<string>('date')} />
        <TextField label="Name" required maxLength={100} placeholder="Christmas shutdown" {...form.textProps('name')} />
        <SelectField
          label="Region"
          noneLabel={EVERY_REGION}
          data={[{ value: region, label: BANK_HOLIDAY_REGION_LABELS[region] }]}
          {...form.valueProps<string | null>('region')}
        />
        <FormProblems messages={form.otherErrors} />
        <FormFooter submitting={form.submitting} onCancel={onClose} label="Add" />
      </Stack>
    </form>
  );
}
