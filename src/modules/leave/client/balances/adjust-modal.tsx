// An administrator's change to a balance, always with a reason (it is logged and shown in the
// history): a plus or minus adjustment, or for a 12.07%-of-hours-worked policy the hours
// worked, from which the server accrues the leave.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Modal, SegmentedControl, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm } from '../../../../client/ui/use-form';
import { ValueLogInputSchema, type PeriodValue } from '../../leave-balances.contract';
import { logValueMutationOptions } from '../balances.api';
import { NumberField } from '../request/number-field';
import { FormFooter } from '../../../../client/ui/form-footer';

type AdjustModalProps = { value: PeriodValue | null; hoursWorkedPolicy: boolean; onClose: () => void };

export function AdjustModal({ value, hoursWorkedPolicy, onClose }: AdjustModalProps) {
  return (
    <Modal opened={value !== null} onClose={onClose} title={value ? `Adjust ${value.leave_type.name}` : ''}>
      {value && <AdjustForm value={value} hoursWorkedPolicy={hoursWorkedPolicy} onClose={onClose} />}
    </Modal>
  );
}

function AdjustForm({ value, hoursWorkedPolicy, onClose }: { value: PeriodValue; hoursWorkedPolicy: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(logValueMutationOptions(queryClient));
  const form = useForm({
    schema: ValueLogInputSchema,
    initialValues: { value_id: value.id, kind: 'adjustment', change: null, hours_worked: null, reason: '' },
    onSubmit: async (input) => {
      await save.mutateAsync(input);
      showSuccessToast({ message: input.kind === 'hours_worked' ? 'Hours worked recorded.' : 'Balance adjusted.' });
      onClose();
    },
  });
  const hoursWorked = form.values.kind === 'hours_worked';
  const setKind = (kind: string) => {
    form.setFieldValue('kind', kind);
    // The other way's figure does not apply: hours worked change nothing by hand.
    form.setFieldValue('change', kind === 'hours_worked' ? 0 : null);
    form.setFieldValue('hours_worked', null);
  };
  const unit = value.unit === 'days' ? 'days' : 'hours';
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Adjust balance">
      <Stack gap="md">
        {hoursWorkedPolicy && (
          <SegmentedControl
            fullWidth
            value={form.values.kind ?? 'adjustment'}
            onChange={setKind}
            data={[
              { value: 'adjustment', label: 'Adjustment' },
              { value: 'hours_worked', label: 'Hours worked' },
            ]}
          />
        )}
        {hoursWorked ? (
          <NumberField label="Hours worked" required step={0.25} decimalScale={2} {...form.valueProps<number | null>('hours_worked')} />
        ) : (
          <NumberField
            label={`Change (${unit})`}
            description="Use a minus sign to take leave away, such as -1.5."
            required
            allowNegative
            step={value.unit === 'days' ? 0.5 : 0.25}
            decimalScale={2}
            {...form.valueProps<number | null>('change')}
          />
        )}
        <TextareaField label="Reason" required maxLength={500} {...form.textProps('reason')} />
        <FormFooter submitting={form.submitting} onCancel={onClose} problem={form.otherErrors.join(' ') || null} />
      </Stack>
    </form>
  );
}
