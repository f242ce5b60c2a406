// The administrators' view of one contact request, beside the inbox: who sent it and from where,
// the message, its status and assignee, the internal notes and the replies sent to the sender
// (by e-mail and in their bell), and the forms for a reply and a note.
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import {
  CONTACT_ENTRY_MAX_LENGTH,
  CONTACT_REQUEST_STATUS_LABELS,
  CONTACT_REQUEST_STATUSES,
  CONTACT_TYPE_LABELS,
  type ContactRequestStatus,
} from '../support.contract';
import {
  addContactNote,
  CONTACT_INBOX_RESOURCE,
  contactRequestQueryOptions,
  replyToContactRequest,
  updateContactRequest,
} from './contact-inbox.api';

/** When a request or an entry was written, in London time. */
export const receivedAt = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' });

export function ContactRequestDetail({ id, adminOptions }: { id: string; adminOptions: { value: string; label: string }[] }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(contactRequestQueryOptions(id));
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  if (!data) return <Text size="sm">Loading…</Text>;

  const run = async (work: () => Promise<unknown>, done: string, after?: () => void) => {
    setBusy(true);
    try {
      await work();
      after?.();
      showSuccessToast({ message: done });
      await queryClient.invalidateQueries({ queryKey: [CONTACT_INBOX_RESOURCE] });
    } catch (error) {
      showDangerToast({ message: (error as Error).message || 'That did not work.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fw={600}>
          {data.sender_name || 'Former user'} {data.sender_email && `<${data.sender_email}>`}
        </Text>
        <Text size="sm" c="dimmed">
          {data.company_name} · {CONTACT_TYPE_LABELS[data.contact_type]} · {receivedAt(data.created_at)}
          {data.source === 'chat' ? ' · from chat, outside support hours' : ''}
        </Text>
      </Stack>
      <Paper withBorder p="sm" bg="gray.0">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {data.message}
        </Text>
      </Paper>
      <Group grow align="flex-end">
        <Select
          label="Status"
          value={data.status}
          allowDeselect={false}
          data={CONTACT_REQUEST_STATUSES.map((value) => ({ value, label: CONTACT_REQUEST_STATUS_LABELS[value] }))}
          onChange={(value) =>
            value && void run(() => updateContactRequest(id, { status: value as ContactRequestStatus }), 'Status changed.')
          }
        />
        <Select
          label="Assigned to"
          clearable
          placeholder="Nobody"
          value={data.assigned_to}
          data={adminOptions}
          onChange={(value) => void run(() => updateContactRequest(id, { assigned_to: value }), value ? 'Assigned.' : 'Unassigned.')}
        />
      </Group>
      <Stack gap="xs">
        <Title order={3} size="h6">
          Notes and replies
        </Title>
        {data.entries.length === 0 && (
          <Text size="sm" c="dimmed">
            Nothing yet.
          </Text>
        )}
        {data.entries.map((entry) => (
          <Paper key={entry.id} withBorder p="xs" bg={entry.kind === 'note' ? 'yellow.0' : 'blue.0'} data-testid={`contact-${entry.kind}`}>
            <Text size="xs" c="dimmed">
              {entry.kind === 'note' ? 'Internal note' : 'Reply sent'} · {entry.author_name} · {receivedAt(entry.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.body}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Textarea
        label="Reply to the sender"
        description="E-mailed to them, and shown in their notifications."
        autosize
        minRows={3}
        maxLength={CONTACT_ENTRY_MAX_LENGTH}
        value={reply}
        onChange={(event) => setReply(event.currentTarget.value)}
      />
      <Button
        disabled={!reply.trim() || !data.user_id}
        loading={busy}
        onClick={() =>
          void run(
            () => replyToContactRequest(id, reply.trim()),
            'Reply sent.',
            () => setReply(''),
          )
        }
      >
        Send reply
      </Button>
      <Textarea
        label="Internal note"
        description="Only administrators see notes."
        autosize
        minRows={2}
        maxLength={CONTACT_ENTRY_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Button
        variant="default"
        disabled={!note.trim()}
        loading={busy}
        onClick={() =>
          void run(
            () => addContactNote(id, note.trim()),
            'Note added.',
            () => setNote(''),
          )
        }
      >
        Add note
      </Button>
    </Stack>
  );
}
