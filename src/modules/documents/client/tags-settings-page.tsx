// Settings → Document Tags: the company's tags for documents (add, rename, delete), each with
// the number of documents that carry it: a table on wider screens, cards on a phone.
import './documents-styles';
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '../../../client/api/api-client';
import { invalidateResources } from '../../../client/api/invalidate-resources';
import { usePageTitle } from '../../../client/shell/page-title';
import { ConfirmDialog } from '../../../client/ui/confirm-dialog';
import { LoadError } from '../../../client/ui/load-error';
import { RowsView } from '../../../client/ui/rows-view';
import { DOCUMENTS_INVALIDATES, DOCUMENT_RESOURCES, type DocumentTag } from '../documents.contract';
import { problemOf, tagsQueryOptions } from './documents.api';
import { mayManageDocuments } from './area-page';
import { SealCertificateCard } from './seal-certificate-card';

export function TagsSettingsPage() {
  usePageTitle('Document Tags');
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQueryOptions());
  const manage = mayManageDocuments();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [removing, setRemoving] = useState<DocumentTag | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      await invalidateResources(queryClient, DOCUMENTS_INVALIDATES.tags);
      return true;
    } catch (error) {
      const errors = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors;
      setProblem(errors?.name?.[0] ?? problemOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    void run(() => apiFetch(`/api/${DOCUMENT_RESOURCES.tags}`, { method: 'POST', body: { name } })).then((ok) => ok && setName(''));
  const rename = () =>
    editing &&
    void run(() => apiFetch(`/api/${DOCUMENT_RESOURCES.tags}/${editing.id}`, { method: 'PUT', body: { name: editing.name } })).then(
      (ok) => ok && setEditing(null),
    );

  return (
    <Stack gap="md">
      <Title order={1}>Document Tags</Title>
      <Text c="dimmed" size="sm">
        Tags help people find documents in the HR and H&S areas: filter by them, or search for their names.
      </Text>
      {manage && (
        <Group align="flex-end">
          <TextInput
            label="New tag"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={60}
            onKeyDown={(event) => event.key === 'Enter' && add()}
          />
          <Button onClick={add} loading={busy && !editing} disabled={name.trim() === ''}>
            Add tag
          </Button>
        </Group>
      )}
      {problem && !removing && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {tags.isPending ? (
        <Skeleton height={120} />
      ) : tags.isError ? (
        <LoadError what="tags" error={tags.error} onRetry={() => void tags.refetch()} forbidden />
      ) : tags.data.results.length === 0 ? (
        <Paper withBorder p="lg" radius="lg">
          <Text ta="center">No document tags yet.</Text>
        </Paper>
      ) : (
        <RowsView
          label="Document tags"
          rows={tags.data.results}
          titleOf={(tag) => tag.name}
          columns={[
            {
              label: 'Tag',
              render: (tag) =>
                editing?.id === tag.id ? (
                  <Group gap="xs">
                    <TextInput
                      aria-label="Tag name"
                      value={editing.name}
                      onChange={(event) => setEditing({ id: tag.id, name: event.currentTarget.value })}
                      size="xs"
                    />
                    <Button size="xs" onClick={rename} loading={busy}>
                      Save
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                      Cancel
                    </Button>
                  </Group>
                ) : (
                  tag.name
                ),
            },
            { label: 'Documents', render: (tag) => tag.document_count },
          ]}
          actions={
            manage
              ? (tag) => (
                  <>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Rename ${tag.name}`}
                      onClick={() => setEditing({ id: tag.id, name: tag.name })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${tag.name}`} onClick={() => setRemoving(tag)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  </>
                )
              : undefined
          }
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Delete the tag"
        message={removing ? `“${removing.name}” will be taken off ${removing.document_count} document(s). The documents stay.` : ''}
        confirmLabel="Delete"
        busy={busy}
        problem={problem}
        onConfirm={() =>
          removing &&
          void run(() => apiFetch(`/api/${DOCUMENT_RESOURCES.tags}/${removing.id}`, { method: 'DELETE' })).then(
            (ok) => ok && setRemoving(null),
          )
        }
        onClose={() => setRemoving(null)}
      />
      {mayManageDocuments() && <SealCertificateCard />}
    </Stack>
  );
}
