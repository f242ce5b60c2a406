// /admin/contact-requests: the administrators' inbox of contact requests (the contact form's,
// and chat messages written outside support hours). Filters by status, team, assignee and
// words (folded behind one button on a phone), pages of 20, a table on wider screens and cards
// on a phone; a request opens beside the list (ContactRequestDetail).
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Badge, Button, Drawer, Paper, SegmentedControl, Select, Space, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePageTitle } from '../../../client/shell/page-title';
import { FiltersFold } from '../../../client/ui/filters-fold';
import { ListPager } from '../../../client/ui/list-pager';
import { PageHeading } from '../../../client/ui/page-heading';
import { QueryRows } from '../../../client/ui/query-rows';
import { RowsView } from '../../../client/ui/rows-view';
import {
  CONTACT_REQUEST_STATUS_LABELS,
  CONTACT_REQUEST_STATUSES,
  CONTACT_TYPE_LABELS,
  CONTACT_TYPES,
  type ContactRequestListItem,
  type ContactRequestStatus,
  type ContactType,
} from '../support.contract';
import { administratorsQueryOptions, contactInboxQueryOptions, INBOX_PAGE_SIZE } from './contact-inbox.api';
import { ContactRequestDetail, receivedAt } from './contact-request-detail';

const STATUS_COLOURS: Record<ContactRequestStatus, string> = { new: 'orange', in_progress: 'blue', handled: 'gray' };
const senderOf = (item: ContactRequestListItem) => item.sender_name || 'Former user';

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
    <Stack gap="lg">
      <PageHeading
        title="Contact requests"
        description="Messages from the contact form, and chat messages written outside support hours."
      />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
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
          <FiltersFold
            id="contact-request-filters"
            cols={{ base: 1, sm: 3 }}
            chosen={[team, assignee].filter((value) => value !== null).length}
            search={
              <TextInput
                label="Search"
                placeholder="Words, sender or company"
                value={search}
                onChange={(event) => filtered(setSearch)(event.currentTarget.value)}
              />
            }
          >
            <Select
              label="Team"
              clearable
              placeholder="All teams"
              value={team}
              onChange={filtered(setTeam)}
              data={CONTACT_TYPES.map((value) => ({ value, label: CONTACT_TYPE_LABELS[value] }))}
            />
            <Select
              label="Assigned to"
              clearable
              placeholder="Anyone"
              value={assignee}
              onChange={filtered(setAssignee)}
              data={adminOptions}
            />
          </FiltersFold>
        </Stack>
        <Space h="md" />
        <QueryRows query={list} rows={list.data?.results} what="contact requests" empty="No contact requests match.">
          {(rows) => (
            <RowsView
              label="Contact requests"
              rows={rows}
              minWidth={760}
              titleOf={(item) => `${senderOf(item)}, ${receivedAt(item.created_at)}`}
              columns={[
                { label: 'Received', nowrap: true, render: (item) => receivedAt(item.created_at) },
                {
                  label: 'From',
                  render: (item) => (
                    <>
                      <Text size="sm" fw={500}>
                        {senderOf(item)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {item.company_name}
                      </Text>
                    </>
                  ),
                },
                { label: 'Team', render: (item) => CONTACT_TYPE_LABELS[item.contact_type] },
                {
                  label: 'Message',
                  render: (item) => (
                    <Text size="sm" lineClamp={2} maw={320}>
                      {item.source === 'chat' && (
                        <Badge size="xs" variant="outline" mr={4}>
                          chat
                        </Badge>
                      )}
                      {item.message}
                    </Text>
                  ),
                },
                {
                  label: 'Status',
                  nowrap: true,
                  render: (item) => (
                    <Badge color={STATUS_COLOURS[item.status]} variant="light">
                      {CONTACT_REQUEST_STATUS_LABELS[item.status]}
                    </Badge>
                  ),
                },
                { label: 'Assigned to', render: (item) => item.assigned_name ?? '—' },
              ]}
              actions={(item) => (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setOpenId(item.id)}
                  aria-label={`Open the request from ${senderOf(item)}, ${receivedAt(item.created_at)}`}
                >
                  Open
                </Button>
              )}
            />
          )}
        </QueryRows>
        {list.data && list.data.count > 0 && (
          <ListPager
            mt="md"
            size="sm"
            pages={pages}
            page={page}
            onPage={setPage}
            count={{ total: list.data.count, one: 'request', many: 'requests' }}
          />
        )}
      </Paper>
      <Drawer opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="lg" title="Contact request">
        {openId && (
          <ContactRequestDetail
            id={openId}
            adminOptions={adminOptions.filter((option) => option.value !== 'me' && option.value !== 'none')}
          />
        )}
      </Drawer>
    </Stack>
  );
}
