// Adding or editing a leave type: its name, whether it is paid, taken from an allowance and
// needs approval, and its colour on the timeline.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextField } from '../../../../client/ui/text-field';
import { useForm } from '../../../../client/ui/use-form';
import { LEAVE_TYPE_COLOURS, LeaveTypeInputSchema, type LeaveType, type LeaveTypeInput } from '../../leave-settings.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { saveSettingMutationOptions } from '../leave-settings.api';
import { FormFooter } from '../../../../client/ui/form-footer';
import { FormProblems } from './form-parts';

const COLOUR_OPTIONS = LEAVE_TYPE_COLOURS.map((colour) => ({ value: colour, label: colour.charAt(0).toUpperCase() + colour.slice(1) }));

export const leaveTypeInput = (type: LeaveType): LeaveTypeInput => ({
  name: type.name,
  paid: type.paid,
  deducted: type.deducted,
  needs_approval: type.needs_approval,
  colour: type.colour as LeaveTypeInput['colour'],
  archived: type.archived,
});

export function LeaveTypeForm({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveSettingMutationOptions<LeaveType>(queryClient, LEAVE_RESOURCES.leaveType));
  const form = useForm({
    schema: LeaveTypeInputSchema,
    initialValues: type
      ? leaveTypeInput(type)
      : { name: '', paid: true, deducted: false, needs_approval: true, colour: 'gray', archived: false },
    onSubmit: async (body) => {
      await save.mutateAsync({ id: type?.id, body });
      showSuccessToast({ message: type ? 'Leave type saved.' : 'Leave type added.' });
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label={type ? 'Edit leave type' : 'Add leave type'}>
      <Stack gap="md">
        <TextField label="Name" required maxLength={100} {...form.textProps('name')} />
        <Checkbox label="Paid" description="Paid at the normal rate while off." {...form.checkboxProps('paid')} />
        <Checkbox
          label="Taken from the allowance"
          description="Days off are deducted from the person’s balance."
          {...form.checkboxProps('deducted')}
        />
        <Checkbox label="Needs approval" description="A manager approves each request." {...form.checkboxProps('needs_approval')} />
        <SelectField label="Colour" required data={COLOUR_OPTIONS} {...form.valueProps<string | null>('colour')} />
        <FormProblems messages={form.otherErrors} />
        <FormFooter submitting={form.submitting} onCancel={onClose} label={type ? 'Save' : 'Add'} />
      </Stack>
    </form>
  );
}
