// Assigning a person's absence policy (an owner's or HR admin's task): the company's policy
// templates, the current one chosen. The server recomputes the open leave year's entitlement.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Loader, Modal, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { useForm } from '../../../../client/ui/use-form';
import { UserAbsencePolicyInputSchema } from '../../leave-balances.contract';
import { assignPolicyMutationOptions, userPolicyQueryOptions } from '../balances.api';
import { policyTemplatesQueryOptions } from '../leave-settings.api';
import { FormFooter } from '../../../../client/ui/form-footer';

type AssignPolicyModalProps = { userId: string; opened: boolean; onClose: () => void };

export function AssignPolicyModal({ userId, opened, onClose }: AssignPolicyModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Assign policy">
      {opened && <AssignPolicyForm userId={userId} onClose={onClose} />}
    </Modal>
  );
}

function AssignPolicyForm({ userId, onClose }: { userId: string; onClose: () => void }) {
  const policy = useQuery(userPolicyQueryOptions(userId));
  const templates = useQuery(policyTemplatesQueryOptions());
  if (policy.isPending || templates.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (policy.isError || templates.isError) return <Alert color="red">The policies could not be loaded.</Alert>;
  if (templates.data.length === 0) return <Alert color="yellow">There are no policies yet. Add one in Leave & Absence Settings.</Alert>;
  const options = templates.data.map((template) => ({ value: template.id, label: template.name }));
  return <PolicyChoice userId={userId} current={policy.data.template_id} options={options} onClose={onClose} />;
}

type PolicyChoiceProps = { userId: string; current: string | null; options: { value: string; label: string }[]; onClose: () => void };

function PolicyChoice({ userId, current, options, onClose }: PolicyChoiceProps) {
  const queryClient = useQueryClient();
  const assign = useMutation(assignPolicyMutationOptions(queryClient, userId));
  const form = useForm({
    schema: UserAbsencePolicyInputSchema,
    initialValues: { template_id: current },
    onSubmit: async ({ template_id }) => {
      await assign.mutateAsync(template_id);
      showSuccessToast({ message: 'Policy assigned.' });
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-label="Assign policy">
      <Stack gap="md">
        <SelectField label="Policy" required data={options} {...form.valueProps<string | null>('template_id')} />
        <FormFooter submitting={form.submitting} onCancel={onClose} label="Assign" problem={form.otherErrors.join(' ') || null} />
      </Stack>
    </form>
  );
}
