// /admin/contact-requests: the administrators' inbox of contact requests (the contact form's,
// and chat messages written outside support hours). Filters by status, team, assignee and
// words, pages of 20; a request opens beside the list with its status, assignee, internal
// notes and the replies sent to the sender (by e-mail, and in their bell).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { showDangerToast, showSuccessToast } from '../../../client/shell/toasts';
import {
  CONTACT_ENTRY_MAX_LENGTH,
  CONTACT_REQUEST_STATUS_LABELS,
  CONTACT_REQUEST_STATUSES,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  type ContactRequestListItem,
  type ContactRequestStatus,
  type ContactType,
} from '../support.contract';
import {
  addContactNote,
  administratorsQueryOptions,
  CONTACT_INBOX_RESOURCE,
  contactInboxQueryOptions,
  contactRequestQueryOptions,
  INBOX_PAGE_SIZE,
  replyToContactRequest,
  updateContactRequest,
} from './contact-inbox.api';
import { ListPager } from '../../../client/ui/list-pager';

const STATUS_COLOURS: Record<ContactRequestStatus, string> = { new: 'orange', in_progress: 'blue', handled: 'gray' };
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'short', timeStyle: 'short' });

export function ContactInboxPage() {
  usePageTitle('Contact requests');
  const [status, setStatus] = useState<string | null>('new');
  const [team, setTeam] = useState<string | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const admins = useQuery(administratorsQueryOptions());
  const list = useQuery(
    contactInboxQueryOptions({
      page,
      ...(status ? { status: status as ContactRequestStatus } : {}),
      ...(team ? { contact_type: team as ContactType } : {}),
      ...(assignee ? { assigned_to: assignee } : {}),
      ...(debounced ? { search: debounced } : {}),
    }),
  );
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const adminOptions = [
    { value: 'me', label: 'Me' },
    { value: 'none', label: 'Nobody' },
    ...(admins.data?.results ?? []).map((admin) => ({ value: admin.id, label: admin.name })),
  ];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / INBOX_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>Contact requests</Title>
        <Text c="dimmed" size="sm">
          Messages from the contact form, and chat messages written outside support hours.
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Status"
          size="xs"
          value={status ?? 'all'}
          onChange={(value) => filtered(setStatus)(value === 'all' ? null : value)}
          data={[
            ...CONTACT_REQUEST_STATUSES.map((value) => ({ value, label: CONTACT_REQUEST_STATUS_LABELS[value] })),
            { value: 'all', label: 'All' },
          ]}
        />
        <Select
          label="Team"
          size="xs"
          clearable
          placeholder="All teams"
          value={team}
          onChange={filtered(setTeam)}
          data={CONTACT_TYPES.map((value) => ({ value, label: CONTACT_TYPE_LABELS[value] }))}
        />
        <Select
          label="Assigned to"
          size="xs"
          clearable
          placeholder="Anyone"
          value={assignee}
          onChange={filtered(setAssignee)}
          data={adminOptions}
        />
        <TextInput
          label="Search"
          size="xs"
          placeholder="Words, sender or company"
          value={search}
          onChange={(event) => filtered(setSearch)(event.currentTarget.value)}
        />
      </Group>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Received</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Assigned to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.results.map((item) => (
                <InboxRow key={item.id} item={item} onOpen={() => setOpenId(item.id)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && list.data.results.length === 0 && (
          <Text size="sm" c="dimmed" p="md">
            No contact requests match.
          </Text>
        )}
      </Paper>
      {list.data ? (
        <ListPager
          size="sm"
          pages={pages}
          page={page}
          onPage={setPage}
          count={{ total: list.data.count, one: 'request', many: 'requests' }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      )}
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="lg" title="Contact request">
        {openId && (
          <RequestDetail id={openId} adminOptions={adminOptions.filter((option) => option.value !== 'me' && option.value !== 'none')} />
        )}
      </Drawer>
    </Stack>
  );
}

function InboxRow({ item, onOpen }: { item: ContactRequestListItem; onOpen: () => void }) {
  return (
    <Table.Tr onClick={onOpen} style={{ cursor: 'pointer' }} data-testid="contact-request-row">
      <Table.Td>{when(item.created_at)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {item.sender_name || 'Former user'}
        </Text>
        <Text size="xs" c="dimmed">
          {item.company_name}
        </Text>
      </Table.Td>
      <Table.Td>{CONTACT_TYPE_LABELS[item.contact_type]}</Table.Td>
      <Table.Td maw={320}>
        <Text size="sm" lineClamp={2}>
          {item.source === 'chat' && (
            <Badge size="xs" variant="outline" mr={4}>
              chat
            </Badge>
          )}
          {item.message}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOURS[item.status]} variant="light">
          {CONTACT_REQUEST_STATUS_LABELS[item.status]}
        </Badge>
      </Table.Td>
      <Table.Td>{item.assigned_name ?? '—'}</Table.Td>
    </Table.Tr>
  );
}

function RequestDetail({ id, adminOptions }: { id: string; adminOptions: { value: string; label: string }[] }) {
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
          {data.company_name} · {CONTACT_TYPE_LABELS[data.contact_type]} · {when(data.created_at)}
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
              {entry.kind === 'note' ? 'Internal note' : 'Reply sent'} · {entry.author_name} · {when(entry.created_at)}
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
