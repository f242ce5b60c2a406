// Add or change one next of kin, in a modal: name and relationship required, phone, e-mail
// and address optional.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { TextField } from '../../../../client/ui/text-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm, validateOnServer } from '../../../../client/ui/use-form';
import { CreateNextOfKinInputSchema, personalRecordResources, type NextOfKin } from '../../personal-records.contract';
import { saveNextOfKinMutationOptions } from './personal-records.api';
import { FieldPairs, RecordFormFrame, textOf } from './personal-records-ui';

type Props = { userId: string; editing: { kin: NextOfKin | null } | null; onClose: () => void };

export function NextOfKinModal({ userId, editing, onClose }: Props) {
  const title = editing?.kin ? 'Edit next of kin' : 'Add next of kin';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="lg">
      {editing && <NextOfKinForm key={editing.kin?.id ?? 'new'} userId={userId} kin={editing.kin} label={title} onDone={onClose} />}
    </Modal>
  );
}

function NextOfKinForm({ userId, kin, label, onDone }: { userId: string; kin: NextOfKin | null; label: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveNextOfKinMutationOptions(queryClient, userId));
  const form = useForm({
    schema: CreateNextOfKinInputSchema,
    initialValues: {
      user_id: userId,
      name: textOf(kin?.name),
      relationship: textOf(kin?.relationship),
      phone: textOf(kin?.phone),
      email: textOf(kin?.email),
      address: textOf(kin?.address),
    },
    serverValidate: validateOnServer(personalRecordResources.nextOfKin),
    onSubmit: async ({ user_id, ...fields }) => {
      await save.mutateAsync({ id: kin?.id ?? null, input: kin ? fields : { user_id, ...fields } });
      showSuccessToast({ message: kin ? 'Next of kin saved.' : 'Next of kin added.' });
      onDone();
    },
  });
  return (
    <RecordFormFrame form={form} label={label} onCancel={onDone}>
      <FieldPairs>
        <TextField label="Name" required maxLength={100} {...form.textProps('name')} />
        <TextField label="Relationship" required maxLength={50} {...form.textProps('relationship')} />
        <TextField label="Phone" type="tel" maxLength={20} {...form.textProps('phone')} />
        <TextField label="E-mail" type="email" maxLength={254} {...form.textProps('email')} />
      </FieldPairs>
      <TextareaField label="Address" maxLength={500} {...form.textProps('address')} />
    </RecordFormFrame>
  );
}
