// Uploading documents: one or several files (PDF, Word, Excel, images) sent side by side, each
// with its progress, and the fields they share: folder, tags, what readers do with them and who
// may see them.
import './documents-styles';
import { Button, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { isSignableType, type DocumentArea } from '../documents.contract';
import { DocumentFields, NEW_DOCUMENT_FIELDS, type DocumentFieldValues } from './document-fields';
import { invalidateDocuments, uploadDocument, type UploadProblem } from './documents.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

const ACCEPT = '.pdf,.docx,.xlsx,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/*';
type Item = { file: File; title: string; progress: number; state: 'waiting' | 'sending' | 'done' | 'failed'; problem?: string };

export function UploadModal({ area, opened, onClose }: { area: DocumentArea; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<Item[]>([]);
  const [details, setDetails] = useState<DocumentFieldValues>(NEW_DOCUMENT_FIELDS);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof DocumentFieldValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (index: number, change: Partial<Item>) =>
    setItems((previous) => previous.map((item, i) => (i === index ? { ...item, ...change } : item)));
  const close = () => {
    if (busy) return;
    setItems([]);
    setProblem(null);
    onClose();
  };

  const send = async () => {
    if (items.length === 0) return setProblem('Please choose at least one file.');
    if (items.some((item) => item.title.trim() === '')) return setProblem('Please give every document a title.');
    setProblem(null);
    setFieldErrors({});
    setBusy(true);
    const fields = {
      area,
      action: details.action,
      audience: details.audience,
      audience_ids: JSON.stringify(details.audience_ids),
      tag_ids: JSON.stringify(details.tag_ids),
      special_category: String(details.special_category),
      ...(details.folder_id ? { folder_id: details.folder_id } : {}),
    };
    const results = await Promise.allSettled(
      items.map(async (item, index) => {
        if (item.state === 'done') return;
        update(index, { state: 'sending', progress: 0, problem: undefined });
        try {
          await uploadDocument({
            url: '/api/document',
            file: item.file,
            fields: { ...fields, title: item.title.trim() },
            onProgress: (fraction) => update(index, { progress: fraction * 100 }),
          });
          update(index, { state: 'done', progress: 100 });
        } catch (error) {
          const refusal = error as UploadProblem;
          const detail = refusal.errors ? Object.values(refusal.errors).flat()[0] : undefined;
          // A shared field's complaint is shown on that field too.
          setFieldErrors((previous) => ({
            ...previous,
            ...Object.fromEntries(
              Object.entries(refusal.errors ?? {})
                .filter(([key]) => key in NEW_DOCUMENT_FIELDS)
                .map(([key, messages]) => [key, messages[0]]),
            ),
          }));
          update(index, { state: 'failed', problem: detail ?? refusal.message });
          throw error;
        }
      }),
    );
    setBusy(false);
    await invalidateDocuments(queryClient);
    const sent = results.filter((result) => result.status === 'fulfilled').length;
    if (sent === results.length) {
      showSuccessToast({ message: sent === 1 ? 'The document was uploaded.' : `${sent} documents were uploaded.` });
      setItems([]);
      onClose();
    } else setProblem('Some files were not uploaded: see each one below. Fix them and press Upload again.');
  };

  return (
    <Modal opened={opened} onClose={close} title="Upload documents" size="lg">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Files (PDF, Word, Excel or images; up to 20 MB each)
          </Text>
          <input
            type="file"
            multiple
            accept={ACCEPT}
            aria-label="Files"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              setItems(files.map((file) => ({ file, title: file.name.replace(/\.[^.]+$/, ''), progress: 0, state: 'waiting' })));
            }}
          />
        </Stack>
        {items.map((item, index) => (
          <Stack key={`${item.file.name}-${index}`} gap={4}>
            <TextInput
              label={`Title of ${item.file.name}`}
              value={item.title}
              onChange={(event) => update(index, { title: event.currentTarget.value })}
              required
              disabled={busy || item.state === 'done'}
            />
            {item.state !== 'waiting' && (
              <Progress
                value={item.progress}
                color={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : 'blue'}
                aria-label={`Progress of ${item.file.name}`}
              />
            )}
            {item.problem && (
              <Text size="xs" c="red">
                {item.problem}
              </Text>
            )}
          </Stack>
        ))}
        <DocumentFields
          area={area}
          values={details}
          onChange={(key, value) => {
            setDetails((previous) => ({ ...previous, [key]: value }));
            setFieldErrors((previous) => ({ ...previous, [key]: undefined }));
          }}
          errors={fieldErrors}
          signable={items.every((item) => isSignableType(item.file.type))}
        />
        <ProblemAlert problem={problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void send()} loading={busy}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
