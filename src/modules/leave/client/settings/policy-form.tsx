// Adding or editing a policy template, every rule in plain words: the allowance and the
// full-time week it is for (part-timers pro rata, rounded up), bank holidays in or on top,
// how leave builds up, carry-over and its expiry, going below zero, length-of-service steps,
// and whether new employees get it by default.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Checkbox, Input, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { useForm, type Draft } from '../../../../client/ui/use-form';
import { PolicyTemplateInputSchema, type PolicyTemplate, type PolicyTemplateInput } from '../../leave-settings.contract';
import { ACCRUAL_LABELS, BANK_HOLIDAYS_MODE_LABELS, LEAVE_RESOURCES, type LeaveUnit } from '../../leave.contract';
import { saveSettingMutationOptions } from '../leave-settings.api';
import { NumberField } from '../request/number-field';
import { FormFooter } from '../../../../client/ui/form-footer';
import { FormProblems } from './form-parts';
import { allowanceSentence } from './policy-summary';
import { ServiceStepsField } from './service-steps-field';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

export const NEW_POLICY: Draft<PolicyTemplateInput> = {
  name: '',
  unit: 'days',
  allowance: 28,
  full_time_days_per_week: 5,
  full_time_hours_per_week: 37.5,
  bank_holidays: 'included',
  accrual: 'upfront',
  carry_over_max: 0,
  carry_over_expiry_months: 3,
  allow_negative: false,
  service_steps: [],
  is_default: false,
};

const valuesOf = ({ id: _id, users_count: _count, ...template }: PolicyTemplate): Draft<PolicyTemplateInput> => template;

export function PolicyForm({ template, onClose }: { template: PolicyTemplate | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveSettingMutationOptions<PolicyTemplate>(queryClient, LEAVE_RESOURCES.policyTemplate));
  const form = useForm({
    schema: PolicyTemplateInputSchema,
    initialValues: template ? valuesOf(template) : NEW_POLICY,
    onSubmit: async (body) => {
      await save.mutateAsync({ id: template?.id, body });
      showSuccessToast({ message: template ? 'Policy saved.' : 'Policy added.' });
      onClose();
    },
  });
  const { values } = form;
  const unit: LeaveUnit = values.unit ?? 'days';
  const hoursWorked = values.accrual === 'hours_worked';
  const steps = (values.service_steps ?? []).map((step) => ({ after_years: step?.after_years ?? null, extra: step?.extra ?? null }));
  const described = { ...values, service_steps: [] } as Parameters<typeof allowanceSentence>[0];

  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={template ? 'Edit policy' : 'Add policy'}>
      <Stack gap="md">
        <TextField label="Name" required maxLength={100} {...form.textProps('name')} />
        <Input.Wrapper label="Allowance in" id="policy-unit">
          <SegmentedControl
            fullWidth
            aria-labelledby="policy-unit-label"
            value={unit}
            onChange={(value) => form.setFieldValue('unit', value)}
            data={[
              { value: 'days', label: 'Days' },
              { value: 'hours', label: 'Hours' },
            ]}
          />
        </Input.Wrapper>
        <SelectField label="How leave builds up" required data={options(ACCRUAL_LABELS)} {...form.valueProps<string | null>('accrual')} />
        {!hoursWorked && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberField
              label={`Allowance (${unit})`}
              required
              min={0}
              step={unit === 'days' ? 0.5 : 0.25}
              decimalScale={2}
              {...form.valueProps<number | null>('allowance')}
            />
            {unit === 'days' ? (
              <NumberField
                label="Full-time days a week"
                required
                min={1}
                max={7}
                step={0.5}
                decimalScale={1}
                {...form.valueProps<number | null>('full_time_days_per_week')}
              />
            ) : (
              <NumberField
                label="Full-time hours a week"
                required
                min={1}
                max={168}
                step={0.25}
                decimalScale={2}
                {...form.valueProps<number | null>('full_time_hours_per_week')}
              />
            )}
          </SimpleGrid>
        )}
        <Input.Description>{allowanceSentence(described)}</Input.Description>
        <SelectField
          label="Bank holidays"
          required
          data={options(BANK_HOLIDAYS_MODE_LABELS)}
          {...form.valueProps<string | null>('bank_holidays')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberField
            label={`Carry-over limit (${unit})`}
            description="The most that moves to the next leave year; 0 for none."
            min={0}
            step={unit === 'days' ? 0.5 : 0.25}
            decimalScale={2}
            {...form.valueProps<number | null>('carry_over_max')}
          />
          <NumberField
            label="Carried-over leave expires after (months)"
            description="Months into the next leave year; 0 and it never expires."
            min={0}
            max={12}
            decimalScale={0}
            {...form.valueProps<number | null>('carry_over_expiry_months')}
          />
        </SimpleGrid>
        <Checkbox
          label="Allow balances below zero"
          description="People may book more than they have left."
          {...form.checkboxProps('allow_negative')}
        />
        <ServiceStepsField
          values={steps}
          unit={unit}
          error={form.error}
          onChange={(next) => form.setFieldValue('service_steps', next)}
          onStepChange={(path, value) => form.setFieldValue(path, value)}
        />
        <Checkbox label="Default for new employees" {...form.checkboxProps('is_default')} />
        <FormProblems messages={form.otherErrors} />
        <FormFooter submitting={form.submitting} onCancel={onClose} label={template ? 'Save' : 'Add'} />
      </Stack>
    </form>
  );
}
