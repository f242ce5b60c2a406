// Add or change one note about a person, in a modal: its type and its text (up to 5,000
// characters).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { SelectField } from '../../../../client/ui/select-field';
import { TextareaField } from '../../../../client/ui/textarea-field';
import { useForm, validateOnServer } from '../../../../client/ui/use-form';
import {
  CreateUserNoteInputSchema,
  NOTE_MAX_LENGTH,
  personalRecordResources,
  USER_NOTE_TYPE_LABELS,
  USER_NOTE_TYPES,
  type UserNote,
} from '../../personal-records.contract';
import { saveNoteMutationOptions } from './personal-records.api';
import { RecordFormFrame } from './personal-records-ui';

export const NOTE_TYPE_OPTIONS = USER_NOTE_TYPES.map((type) => ({ value: type, label: USER_NOTE_TYPE_LABELS[type] }));

type Props = { userId: string; editing: { note: UserNote | null } | null; onClose: () => void };

export function NoteModal({ userId, editing, onClose }: Props) {
  const title = editing?.note ? 'Edit note' : 'Add note';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="lg">
      {editing && <NoteForm key={editing.note?.id ?? 'new'} userId={userId} note={editing.note} label={title} onDone={onClose} />}
    </Modal>
  );
}

function NoteForm({ userId, note, label, onDone }: { userId: string; note: UserNote | null; label: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation(saveNoteMutationOptions(queryClient));
  const form = useForm({
    schema: CreateUserNoteInputSchema,
    initialValues: { user_id: userId, type: note?.type ?? 'general', body: note?.body ?? '' },
    serverValidate: validateOnServer(personalRecordResources.notes),
    onSubmit: async ({ user_id, ...fields }) => {
      await save.mutateAsync({ id: note?.id ?? null, input: note ? fields : { user_id, ...fields } });
      showSuccessToast({ message: note ? 'Note saved.' : 'Note added.' });
      onDone();
    },
  });
  return (
    <RecordFormFrame form={form} label={label} onCancel={onDone}>
      <SelectField label="Type" required data={NOTE_TYPE_OPTIONS} {...form.valueProps<string | null>('type')} />
      <TextareaField label="Note" required maxLength={NOTE_MAX_LENGTH} {...form.textProps('body')} />
    </RecordFormFrame>
  );
}
