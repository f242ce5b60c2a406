// The company's templates of one area, and the editor for one: its name, its text with merge
// fields ({{employee_name}}…) inserted where the cursor is, the free fields asked for when a
// document is made, and a preview of the PDF. The Stafflane library's starters are the
// company's own copies: changed freely; deleting one restores the original.
import './documents-styles';
import { Badge, Button, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { RECORD_FIELDS, type DocumentArea, type DocumentTemplate, type TemplateField } from '../documents.contract';
import {
  deleteTemplate,
  fieldErrorsOf,
  peopleQueryOptions,
  previewTemplatePdf,
  problemOf,
  saveTemplate,
  templatesQueryOptions,
} from './documents.api';
import { PdfView } from './pdf-view';
import { ProblemAlert } from '../../../client/ui/problem-alert';

/** "Notice period (weeks)" → "notice_period_weeks": a free field's key from its label. */
export function fieldKeyOf(label: string): string {
  const key = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40);
  return key || 'field';
}

type Draft = { id: string | null; name: string; body: string; free: string[] };
const draftOf = (template: DocumentTemplate | null): Draft => ({
  id: template?.id ?? null,
  name: template?.name ?? '',
  body: template?.body ?? '',
  free: template?.free_fields.map((field) => field.label) ?? [],
});

function TemplateEditor({ area, template, onDone }: { area: DocumentArea; template: DocumentTemplate | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(template));
  const [busy, setBusy] = useState<'save' | 'preview' | 'delete' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [preview, setPreview] = useState<Blob | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Whom the preview is made for, and the free fields' values for it: a try-out, never saved.
  const [previewFor, setPreviewFor] = useState<string | null>(null);
  const [sample, setSample] = useState<Record<string, string>>({});
  const people = useQuery(peopleQueryOptions());
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const freeFields: TemplateField[] = draft.free
    .filter((label) => label.trim())
    .map((label) => ({ key: fieldKeyOf(label), label: label.trim() }));

  const insert = (key: string) => {
    const area = bodyRef.current;
    const at = area?.selectionStart ?? draft.body.length;
    const text = `{{${key}}}`;
    setDraft((d) => ({ ...d, body: d.body.slice(0, at) + text + d.body.slice(at) }));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + text.length, at + text.length);
    });
  };
  const run = async (kind: 'save' | 'preview' | 'delete', work: () => Promise<void>) => {
    setBusy(kind);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    const saved = await saveTemplate(queryClient, draft.id, { area, name: draft.name, body: draft.body, free_fields: freeFields });
    setDraft((d) => ({ ...d, id: saved.id }));
    setErrors({});
    return saved;
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Name"
        required
        value={draft.name}
        error={errors.name?.[0]}
        onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Insert a field
        </Text>
        <Group gap={6}>
          {[...RECORD_FIELDS, ...freeFields].map((field) => (
            <Button key={field.key} size="compact-xs" variant="light" onClick={() => insert(field.key)}>
              {field.label}
            </Button>
          ))}
        </Group>
      </div>
      <Textarea
        ref={bodyRef}
        label="Text"
        description="Fields in double braces are filled in when a document is made; a blank line starts a new paragraph."
        required
        autosize
        minRows={10}
        maxRows={24}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        value={draft.body}
        error={errors.body?.[0]}
        onChange={(event) => {
          setDraft({ ...draft, body: event.currentTarget.value });
          setPreview(null);
        }}
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Fields typed in when a document is made
        </Text>
        {draft.free.map((label, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Field ${index + 1}`}
              placeholder="e.g. Probation outcome"
              style={{ flex: 1, minWidth: 0 }}
              description={label.trim() ? `In the text as {{${fieldKeyOf(label)}}}` : undefined}
              inputWrapperOrder={['input', 'description']}
              value={label}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((d) => ({ ...d, free: d.free.map((l, i) => (i === index ? value : l)) }));
              }}
            />
            <Button
              size="xs"
              variant="subtle"
              color="red"
              mt={3}
              onClick={() => setDraft((d) => ({ ...d, free: d.free.filter((_, i) => i !== index) }))}
            >
              Remove
            </Button>
          </Group>
        ))}
        <Button
          size="xs"
          variant="default"
          w="fit-content"
          disabled={draft.free.length >= 30}
          onClick={() => setDraft((d) => ({ ...d, free: [...d.free, ''] }))}
        >
          Add a field
        </Button>
      </Stack>
      <Stack gap={6}>
        <div>
          <Text size="sm" fw={500}>
            Try it out
          </Text>
          <Text size="xs" c="dimmed">
            The person and the typed-in values are used for the preview only.
          </Text>
        </div>
        <Select
          label="Preview for"
          placeholder="Nobody: shown as [employee name]"
          clearable
          searchable
          data={(people.data?.results ?? []).map((p) => ({ value: p.id, label: `${p.first_name} ${p.surname}` }))}
          value={previewFor}
          onChange={setPreviewFor}
        />
        {freeFields.map((field) => (
          <TextInput
            key={field.key}
            label={field.label}
            value={sample[field.key] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setSample((previous) => ({ ...previous, [field.key]: value }));
            }}
          />
        ))}
      </Stack>
      <ProblemAlert problem={problem} />
      {preview && <PdfView blob={preview} label="Preview" />}
      <Group justify="space-between">
        <Group gap="xs">
          {draft.id &&
            (confirmDelete ? (
              <>
                <Text size="sm">{template?.starter ? 'Restore the Stafflane original?' : 'Delete this template?'}</Text>
                <Button
                  size="xs"
                  color="red"
                  loading={busy === 'delete'}
                  onClick={() =>
                    void run('delete', async () => {
                      await deleteTemplate(queryClient, draft.id!);
                      showSuccessToast({ message: template?.starter ? 'The original template is back.' : 'The template was deleted.' });
                      onDone();
                    })
                  }
                >
                  {template?.starter ? 'Restore' : 'Delete'}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmDelete(false)}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                {template?.starter ? 'Restore the original' : 'Delete'}
              </Button>
            ))}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            Back to the list
          </Button>
          <Button
            variant="light"
            loading={busy === 'preview'}
            onClick={() =>
              void run('preview', async () => {
                const saved = await save();
                const values = Object.fromEntries(
                  freeFields.map((field) => [field.key, sample[field.key]?.trim() ?? '']).filter(([, value]) => value !== ''),
                );
                setPreview(
                  await previewTemplatePdf({
                    document_template_file_id: saved.id,
                    document_template_file_field_values: values,
                    user_id: previewFor,
                  }),
                );
              })
            }
          >
            Save and preview
          </Button>
          <Button
            loading={busy === 'save'}
            onClick={() =>
              void run('save', async () => {
                await save();
                showSuccessToast({ message: 'The template was saved.' });
                onDone();
              })
            }
          >
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export function TemplatesModal({ area, opened, onClose }: { area: DocumentArea; opened: boolean; onClose: () => void }) {
  const templates = useQuery({ ...templatesQueryOptions(area), enabled: opened });
  const [editing, setEditing] = useState<DocumentTemplate | 'new' | null>(null);
  const close = () => {
    setEditing(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing === 'new' ? 'New template' : editing ? `Template: ${editing.name}` : 'Templates'}
      size="xl"
    >
      {editing ? (
        <TemplateEditor
          key={editing === 'new' ? 'new' : editing.id}
          area={area}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Documents are made from these with the person&apos;s details filled in.
            </Text>
            <Button size="xs" onClick={() => setEditing('new')}>
              New template
            </Button>
          </Group>
          {templates.isPending && <Text size="sm">Loading the templates…</Text>}
          {templates.data?.results.length === 0 && <Text size="sm">No templates yet.</Text>}
          <Table highlightOnHover>
            <Table.Tbody>
              {templates.data?.results.map((template) => (
                <Table.Tr key={template.id}>
                  <Table.Td>
                    <UnstyledButton onClick={() => setEditing(template)} aria-label={`Edit ${template.name}`}>
                      <Text size="sm" fw={500}>
                        {template.name}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td w={170}>{template.starter && <Badge variant="light">Stafflane library</Badge>}</Table.Td>
                  <Table.Td w={80}>
                    <Button size="compact-xs" variant="subtle" onClick={() => setEditing(template)}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
