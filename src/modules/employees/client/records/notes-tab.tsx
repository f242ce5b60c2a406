// The profile's Notes tab: notes about the person, newest first, filtered by type, a page at
// a time. A note is changed or deleted (after a confirmation) by its author or by someone
// over the whole company; the server decides anyway.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getToken } from '../../../../client/auth/token-store';
import { readTokenClaims } from '../../../../client/auth/token-claims';
import { readStoredPermissions } from '../../../../client/shell/session-permissions';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { can } from '../../../../client/ui/permission-guard';
import { SelectField } from '../../../../client/ui/select-field';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import { levelFor, scopeRank, type HttpMethod } from '../../../../shared/scopes';
import { personalRecordEndpoints, USER_NOTE_TYPE_LABELS, type UserNote, type UserNoteType } from '../../personal-records.contract';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { deleteNoteMutationOptions, notesQueryOptions, RECORDS_PAGE_SIZE } from './personal-records.api';
import { NOTE_TYPE_OPTIONS, NoteModal } from './note-form';
import { QueryState, RecordSection } from './personal-records-ui';
import { ConfirmDialog } from '../../../../client/ui/confirm-dialog';
import { ListPager } from '../../../../client/ui/list-pager';

/** The author, or a viewer whose level reaches the whole company, may change a note. */
function mayChange(note: UserNote, method: HttpMethod, viewerId: string | undefined): boolean {
  const level = levelFor(readStoredPermissions(), personalRecordEndpoints.notes, method);
  if (level === null) return false;
  return scopeRank(level) >= scopeRank('company') || note.author_id === viewerId;
}

function NoteCard({ note, onEdit, onDelete }: { note: UserNote; onEdit: (() => void) | null; onDelete: (() => void) | null }) {
  const when = formatLondon(note.created_at, DATE_FORMATS.dateTime);
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`${USER_NOTE_TYPE_LABELS[note.type]} note of ${when}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Stack gap={0}>
          <Text fw={600}>{USER_NOTE_TYPE_LABELS[note.type]}</Text>
          <Text size="sm" c="dimmed">
            {note.author_name ?? 'Former user'}, {when}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {onEdit && (
            <Button variant="light" size="xs" onClick={onEdit} aria-label="Edit note">
              Edit
            </Button>
          )}
          {onDelete && (
            <Button variant="light" color="red" size="xs" onClick={onDelete} aria-label="Delete note">
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.body}</Text>
    </Paper>
  );
}

export default function NotesTab({ userId }: ProfileTabProps) {
  const queryClient = useQueryClient();
  const viewerId = readTokenClaims(getToken())?.user_id;
  const [type, setType] = useState<UserNoteType | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ note: UserNote | null } | null>(null);
  const [deleting, setDeleting] = useState<UserNote | null>(null);
  const list = useQuery(notesQueryOptions({ userId, type, page }));
  const remove = useMutation(deleteNoteMutationOptions(queryClient));
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / RECORDS_PAGE_SIZE)) : 1;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showSuccessToast({ message: 'Note deleted.' });
        setDeleting(null);
        if (list.data?.results.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <Stack gap="lg">
      <RecordSection title="Notes">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <SelectField
              label="Type"
              noneLabel="All types"
              data={NOTE_TYPE_OPTIONS}
              value={type}
              onChange={(next) => {
                setType(next as UserNoteType | null);
                setPage(1);
              }}
            />
            {can({ endpoint: personalRecordEndpoints.notes, method: 'POST' }) && (
              <Button onClick={() => setEditing({ note: null })}>Add note</Button>
            )}
          </Group>
          <QueryState query={list} what="notes" />
          {list.data?.count === 0 && <Text c="dimmed">{type ? 'No notes of this type.' : 'No notes have been added.'}</Text>}
          {list.data?.results.map((note) => (
            <NoteCard
              key={note.id}
              note={note}
              onEdit={mayChange(note, 'PUT', viewerId) ? () => setEditing({ note }) : null}
              onDelete={mayChange(note, 'DELETE', viewerId) ? () => setDeleting(note) : null}
            />
          ))}
          <ListPager pages={pages} page={page} onPage={setPage} label="Notes pages" />
        </Stack>
      </RecordSection>
      <NoteModal userId={userId} editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete note"
        message="Delete this note? It cannot be brought back."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
