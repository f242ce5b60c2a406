// An area's documents (/hr-documents/documents, /hs-documents/documents, and the docs-only
// /hr-documents/hr and /hs-documents/misc_docs): search by name, tag and PDF text, folder and
// tag filters, "to do" only, pages of 20, a zip of the chosen files; managers upload and make
// documents from templates.
import './documents-styles';
import { Button, Group, MultiSelect, Select, Stack, Switch, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconTemplate, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast } from '../../../client/shell/toasts';
import { FilteredList } from '../../../client/ui/filtered-list';
import { can } from '../../../client/ui/permission-guard';
import { DOCUMENT_ENDPOINT, type DocumentArea, type DocumentSummary } from '../documents.contract';
import {
  DOCUMENT_PAGE_SIZE,
  documentListQueryOptions,
  downloadZip,
  foldersQueryOptions,
  problemOf,
  tagsQueryOptions,
  type DocumentFilters,
} from './documents.api';
import { downloadName } from './document-labels';
import { DocumentRow } from './document-row';
import { EditDetailsModal } from './edit-details-modal';
import { GenerateModal } from './generate-modal';
import { TemplatesModal } from './templates-modal';
import { UploadModal } from './upload-modal';
import { DOCUMENTS_SCREENS } from './documents.screens';

export const mayManageDocuments = () => can({ endpoint: DOCUMENT_ENDPOINT, method: 'POST', scope: 'company' });

/** PUT /api/document at company scope: who may change a document's details (the server refuses anyone else). */
export const mayEditDocuments = () => can({ endpoint: DOCUMENT_ENDPOINT, method: 'PUT', scope: 'company' });

export function AreaPage({ area }: { area: DocumentArea }) {
  const title = DOCUMENTS_SCREENS[area].heading;
  usePageTitle(title);
  const manage = mayManageDocuments();
  const edit = mayEditDocuments();
  const [editing, setEditing] = useState<DocumentSummary | null>(null);
  const [editingTemplates, setEditingTemplates] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [folder, setFolder] = useState<string | null>(null);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [toDo, setToDo] = useState(false);
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<string, DocumentSummary>>(new Map());
  const [uploading, setUploading] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [zipping, setZipping] = useState(false);

  const filters: DocumentFilters = {
    area,
    ...(debounced ? { search: debounced } : {}),
    ...(folder ? { folder_id: folder } : {}),
    ...(tagIds.length ? { tag_ids: tagIds } : {}),
    ...(toDo ? { status: 'to_do' as const } : {}),
  };
  const list = useQuery(documentListQueryOptions(filters, page));
  const folders = useQuery(foldersQueryOptions(area));
  const tags = useQuery(tagsQueryOptions());
  const filtered = Boolean(debounced || folder || tagIds.length || toDo);
  const clearFilters = () => {
    setSearch('');
    setFolder(null);
    setTagIds([]);
    setToDo(false);
    setPage(1);
  };

  const choose = (document: DocumentSummary, value: boolean) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (value) next.set(document.id, document);
      else next.delete(document.id);
      return next;
    });

  const zip = async () => {
    setZipping(true);
    try {
      await downloadZip(
        [...chosen.values()].map((document) => ({
          path: `/api/document/${document.id}/file`,
          name: downloadName(document.title, document.version.file_name),
          type: document.version.mime_type,
        })),
      );
    } catch (error) {
      showDangerToast({ message: problemOf(error) });
    } finally {
      setZipping(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{title}</Title>
        {manage && (
          <Group gap="xs">
            <Button leftSection={<IconUpload size={16} />} onClick={() => setUploading(true)}>
              Upload
            </Button>
            <Button variant="light" leftSection={<IconTemplate size={16} />} onClick={() => setGenerating(true)}>
              New from template
            </Button>
            <Button variant="default" onClick={() => setEditingTemplates(true)}>
              Templates
            </Button>
          </Group>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name, tag or text"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: '1 1 220px' }}
        />
        <Select
          label="Folder"
          placeholder="All folders"
          clearable
          data={(folders.data?.results ?? []).map((f) => ({ value: f.id, label: f.name }))}
          value={folder}
          onChange={(value) => {
            setFolder(value);
            setPage(1);
          }}
          style={{ flex: '1 1 160px' }}
        />
        <MultiSelect
          label="Tags"
          placeholder={tagIds.length ? undefined : 'Any tag'}
          data={(tags.data?.results ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={tagIds}
          onChange={(value) => {
            setTagIds(value);
            setPage(1);
          }}
          style={{ flex: '1 1 200px' }}
        />
        <Switch
          label="Only what I need to do"
          checked={toDo}
          onChange={(event) => {
            setToDo(event.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>
      {chosen.size > 0 && (
        <Group>
          <Button variant="light" leftSection={<IconDownload size={16} />} loading={zipping} onClick={() => void zip()}>
            Download {chosen.size} as a zip
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setChosen(new Map())}>
            Clear choice
          </Button>
        </Group>
      )}
      <FilteredList
        list={list}
        one="document"
        many="documents"
        forbidden
        noMatches="No documents match these filters."
        nothingYet="No documents here yet."
        hint={
          manage
            ? 'Upload files or make one from a template to share it.'
            : 'Documents shared with you, and those waiting for your signature, appear here.'
        }
        filtered={filtered}
        onClearFilters={clearFilters}
        page={page}
        pageSize={DOCUMENT_PAGE_SIZE}
        onPage={setPage}
        skeleton={{ rows: 3, height: 72 }}
      >
        {(documents) => (
          <Stack gap="xs">
            {documents.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                chosen={chosen.has(document.id)}
                onChoose={(value) => choose(document, value)}
                onEdit={edit ? () => setEditing(document) : undefined}
              />
            ))}
          </Stack>
        )}
      </FilteredList>
      {edit && editing && <EditDetailsModal document={editing} opened onClose={() => setEditing(null)} />}
      {manage && <UploadModal area={area} opened={uploading} onClose={() => setUploading(false)} />}
      {manage && <GenerateModal area={area} opened={generating} onClose={() => setGenerating(false)} />}
      {manage && <TemplatesModal area={area} opened={editingTemplates} onClose={() => setEditingTemplates(false)} />}
    </Stack>
  );
}
