// "Edit details" of a document already uploaded: its title, description and the fields the
// upload asks (folder, tags, what readers do, who may see it, special category), prefilled,
// checked with the contract's schema and saved with PUT /api/document/{id}; the server's field
// messages land on their fields. The file itself changes only by a new version.
import './documents-styles';
import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import { useForm } from '../../../client/ui/use-form';
import { DocumentUpdateSchema, isSignableType, type DocumentSummary } from '../documents.contract';
import { DocumentFields, type DocumentFieldValues } from './document-fields';
import { documentKeys, invalidateDocuments, problemOf, updateDocument } from './documents.api';

export function EditDetailsModal({ document, opened, onClose }: { document: DocumentSummary; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit details" size="lg">
      {/* Mounted on opening, so each opening starts from the document as it is now. */}
      {opened && <EditDetailsForm key={document.id} document={document} onDone={onClose} />}
    </Modal>
  );
}

/** The shared fields, whose messages (a list's included: "audience_ids.0") show on them. */
const FIELD_LABELS: Record<keyof DocumentFieldValues, true> = {
  folder_id: true,
  tag_ids: true,
  action: true,
  audience: true,
  audience_ids: true,
  special_category: true,
};

function EditDetailsForm({ document, onDone }: { document: DocumentSummary; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm({
    schema: DocumentUpdateSchema,
    initialValues: {
      title: document.title,
      description: document.description,
      folder_id: document.folder?.id ?? null,
      tag_ids: document.tags.map((tag) => tag.id),
      action: document.action,
      audience: document.audience,
      audience_ids: document.audience_ids,
      // Kept as it is: the person a document is about is set when it is made.
      subject_user_id: document.subject?.id ?? null,
      special_category: document.special_category,
    },
    onSubmit: async (input) => {
      const saved = await updateDocument(document.id, input);
      queryClient.setQueryData(documentKeys.detail(document.id), saved);
      await invalidateDocuments(queryClient);
      showSuccessToast({ message: 'The details were saved.' });
      onDone();
    },
    onError: (error) => showDangerToast({ message: problemOf(error) }),
  });
  const fieldError = (key: string) =>
    Object.entries(form.errors)
      .filter(([path]) => path === key || path.startsWith(`${key}.`))
      .flatMap(([, messages]) => messages)
      .join(' ') || undefined;
  const values = form.values as DocumentFieldValues & { title: string; description: string };
  const shownOnFields = new Set(['title', 'description', ...Object.keys(FIELD_LABELS)]);
  const otherErrors = Object.entries(form.errors)
    .filter(([path]) => !shownOnFields.has(path.split('.')[0]!))
    .flatMap(([, messages]) => messages);

  return (
    <form onSubmit={form.onSubmit} noValidate aria-label="Edit details">
      <Stack gap="sm">
        <TextInput label="Title" required maxLength={200} {...form.textProps('title')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} maxLength={2000} {...form.textProps('description')} />
        <DocumentFields
          area={document.area}
          values={values}
          onChange={(key, value) => form.setFieldValue(key, value)}
          errors={Object.fromEntries(Object.keys(FIELD_LABELS).map((key) => [key, fieldError(key)]))}
          signable={isSignableType(document.version.mime_type)}
          subjectName={document.subject?.name}
        />
        {otherErrors.length > 0 && (
          <Alert color="red" role="alert">
            {otherErrors.join(' ')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
