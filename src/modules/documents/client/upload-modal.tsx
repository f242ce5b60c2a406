// Uploading documents: one or several files (PDF, Word, Excel, images) sent side by side, each
// with its progress, and the fields they share: folder, tags, what readers do with them and who
// may see them.
import './documents-styles';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Progress, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { referenceListQueryOptions } from '../../../client/api/reference-lists';
import { showSuccessToast } from '../../../client/shell/toasts';
import {
  ACTION_LABELS,
  AUDIENCE_LABELS,
  DOCUMENT_ACTIONS,
  AUDIENCES,
  type Audience,
  type DocumentAction,
  type DocumentArea,
} from '../documents.contract';
import {
  foldersQueryOptions,
  invalidateDocuments,
  peopleQueryOptions,
  tagsQueryOptions,
  uploadDocument,
  type UploadProblem,
} from './documents.api';

const ACCEPT = '.pdf,.docx,.xlsx,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/*';
type Item = { file: File; title: string; progress: number; state: 'waiting' | 'sending' | 'done' | 'failed'; problem?: string };

export function AudienceFields(props: {
  audience: Audience;
  audienceIds: string[];
  onAudience: (value: Audience) => void;
  onIds: (value: string[]) => void;
  error?: string;
}) {
  const departments = useQuery(referenceListQueryOptions('departments'));
  const locations = useQuery(referenceListQueryOptions('company-location'));
  const people = useQuery({ ...peopleQueryOptions(), enabled: props.audience === 'people' });
  const options =
    props.audience === 'departments'
      ? (departments.data?.results ?? []).map((d) => ({ value: d.id, label: d.name }))
      : props.audience === 'locations'
        ? (locations.data?.results ?? []).map((l) => ({ value: l.id, label: l.name }))
        : (people.data?.results ?? []).map((p) => ({ value: p.id, label: `${p.first_name} ${p.surname}` }));
  return (
    <>
      <Select
        label="Who can see it"
        data={AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
        value={props.audience}
        allowDeselect={false}
        onChange={(value) => {
          props.onAudience((value ?? 'everyone') as Audience);
          props.onIds([]);
        }}
      />
      {(props.audience === 'departments' || props.audience === 'locations' || props.audience === 'people') && (
        <MultiSelect
          label={AUDIENCE_LABELS[props.audience]}
          data={options}
          value={props.audienceIds}
          onChange={props.onIds}
          searchable
          error={props.error}
        />
      )}
    </>
  );
}

export function UploadModal({ area, opened, onClose }: { area: DocumentArea; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const folders = useQuery(foldersQueryOptions(area));
  const tags = useQuery(tagsQueryOptions());
  const [items, setItems] = useState<Item[]>([]);
  const [folder, setFolder] = useState<string | null>(null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [action, setAction] = useState<DocumentAction>('read');
  const [audience, setAudience] = useState<Audience>('everyone');
  const [audienceIds, setAudienceIds] = useState<string[]>([]);
  const [special, setSpecial] = useState(false);
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
    setBusy(true);
    const fields = {
      area,
      action,
      audience,
      audience_ids: JSON.stringify(audienceIds),
      tag_ids: JSON.stringify(tagIds),
      special_category: String(special),
      ...(folder ? { folder_id: folder } : {}),
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
        <Select
          label="Folder"
          placeholder="No folder"
          clearable
          data={(folders.data?.results ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={folder}
          onChange={setFolder}
        />
        <MultiSelect
          label="Tags"
          data={(tags.data?.results ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={tagIds}
          onChange={setTagIds}
          searchable
        />
        <Select
          label="What readers do"
          data={DOCUMENT_ACTIONS.map((value) => ({ value, label: ACTION_LABELS[value] }))}
          value={action}
          allowDeselect={false}
          onChange={(value) => setAction((value ?? 'read') as DocumentAction)}
        />
        <AudienceFields audience={audience} audienceIds={audienceIds} onAudience={setAudience} onIds={setAudienceIds} />
        <Checkbox
          label="Special-category content (health, for example): never kept on devices for offline use"
          checked={special}
          onChange={(event) => setSpecial(event.currentTarget.checked)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
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
