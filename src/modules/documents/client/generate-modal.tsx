// Making a document from a template for a person: the template, the person, the free fields
// it asks for, a preview of the PDF exactly as it will be made, then the document (private to
// HR, about the person), ready to send to sign.
import './documents-styles';
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { showSuccessToast } from '../../../client/shell/toasts';
import { RECORD_FIELDS, type DocumentArea } from '../documents.contract';
import {
  generateDocument,
  invalidateDocuments,
  peopleQueryOptions,
  previewTemplatePdf,
  problemOf,
  templatesQueryOptions,
} from './documents.api';
import { PdfView } from './pdf-view';
import { ProblemAlert } from '../../../client/ui/problem-alert';

export function GenerateModal({ area, opened, onClose }: { area: DocumentArea; opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const templates = useQuery({ ...templatesQueryOptions(area), enabled: opened });
  const people = useQuery({ ...peopleQueryOptions(), enabled: opened });
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [typedTitle, setTitle] = useState<string | null>(null);
  const [preview, setPreview] = useState<Blob | null>(null);
  const [busy, setBusy] = useState<'preview' | 'make' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const template = templates.data?.results.find((t) => t.id === templateId) ?? null;
  const person = people.data?.results.find((p) => p.id === userId) ?? null;

  const title = typedTitle ?? (template ? `${template.name}${person ? ` - ${person.first_name} ${person.surname}` : ''}` : '');

  const body = () => ({ document_template_file_id: templateId!, document_template_file_field_values: values, user_id: userId });
  const showPreview = async () => {
    if (!templateId) return setProblem('Please choose a template.');
    setBusy('preview');
    setProblem(null);
    try {
      setPreview(await previewTemplatePdf(body()));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };
  const make = async () => {
    if (!templateId || !userId) return setProblem('Please choose a template and the person it is for.');
    setBusy('make');
    setProblem(null);
    try {
      const made = await generateDocument(templateId, { ...body(), title: title.trim(), action: 'sign' });
      await invalidateDocuments(queryClient);
      showSuccessToast({ message: 'The document was made. Send it to sign when you are ready.' });
      onClose();
      void navigate({ to: '/document/$id', params: { id: made.id } });
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New document from a template" size="xl">
      <Stack gap="sm">
        <Select
          label="Template"
          placeholder="Please select"
          searchable
          data={(templates.data?.results ?? []).map((t) => ({ value: t.id, label: t.starter ? `${t.name} (Stafflane library)` : t.name }))}
          value={templateId}
          onChange={(value) => {
            setTemplateId(value);
            setTitle(null);
            setPreview(null);
          }}
        />
        <Select
          label="For"
          placeholder="Please select"
          searchable
          data={(people.data?.results ?? []).map((p) => ({ value: p.id, label: `${p.first_name} ${p.surname}` }))}
          value={userId}
          onChange={(value) => {
            setUserId(value);
            setTitle(null);
            setPreview(null);
          }}
        />
        {template && (
          <Text size="xs" c="dimmed">
            Filled from the record: {RECORD_FIELDS.map((field) => field.label.toLowerCase()).join(', ')}.
          </Text>
        )}
        {template?.free_fields.map((field) => (
          <Textarea
            key={field.key}
            label={field.label}
            autosize
            minRows={1}
            value={values[field.key] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setValues((previous) => ({ ...previous, [field.key]: value }));
              setPreview(null);
            }}
          />
        ))}
        {template && <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} required />}
        <ProblemAlert problem={problem} />
        {preview && <PdfView blob={preview} label="Preview" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="light" onClick={() => void showPreview()} loading={busy === 'preview'} disabled={!templateId}>
            Preview
          </Button>
          <Button onClick={() => void make()} loading={busy === 'make'} disabled={!templateId || !userId}>
            Make document
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
