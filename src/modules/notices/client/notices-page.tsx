// /notices: the noticeboard. Pinned notices first, then the newest; unread ones marked; a
// search box, "unread only" and the current / expired views (scheduled too for those who
// write notices) in the address; 20 a page. Those who may write see "New notice".
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/SegmentedControl.css';
import { Anchor, Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconPin, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SearchField } from '../../../client/ui/search-field';
import { usePageTitle } from '../../../client/shell/page-title';
import { FilteredList } from '../../../client/ui/filtered-list';
import { can } from '../../../client/ui/permission-guard';
import { NOTICES_ENDPOINT, type Notice, type NoticeState } from '../notices.contract';
import { audienceText, expiryText, personName, teaser, whenText } from './notice-format';
import { NOTICE_PAGE_SIZE, noticeListQueryOptions, type NoticeListSearch } from './notices.api';
import { NOTICES_SCREEN } from './notices.screens';

export const WRITER = { endpoint: NOTICES_ENDPOINT, method: 'POST', scope: 'department' } as const;

type Props = { search: NoticeListSearch; onSearch: (next: NoticeListSearch) => void };

export function NoticesPage({ search, onSearch }: Props) {
  usePageTitle(NOTICES_SCREEN.heading);
  const writer = can(WRITER);
  const list = useQuery(noticeListQueryOptions(search));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={1}>{NOTICES_SCREEN.heading}</Title>
        {writer && (
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} renderRoot={(props) => <Link {...props} to="/notices/new" />}>
            New notice
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchField
          aria-label="Search notices"
          placeholder="Search notices"
          value={search.search}
          onSearch={(text) => onSearch({ ...search, search: text || undefined, page: undefined })}
          style={{ flex: '1 1 14rem' }}
        />
        <SegmentedControl
          aria-label="Which notices"
          value={search.state ?? 'current'}
          onChange={(state) => onSearch({ ...search, state: state === 'current' ? undefined : (state as NoticeState), page: undefined })}
          data={[
            { value: 'current', label: 'Current' },
            // Only those who write notices have scheduled ones to see.
            ...(writer ? [{ value: 'scheduled', label: 'Scheduled' }] : []),
            { value: 'expired', label: 'Expired' },
          ]}
        />
        <Checkbox
          label="Unread only"
          checked={search.unread === 1}
          onChange={(event) => onSearch({ ...search, unread: event.currentTarget.checked ? 1 : undefined, page: undefined })}
        />
      </Group>
      <FilteredList
        list={list}
        one="notice"
        many="notices"
        noMatches="No notices match these filters."
        nothingYet="There are no notices yet."
        filtered={Boolean(search.search || search.unread || search.state)}
        onClearFilters={() => onSearch({})}
        page={search.page ?? 1}
        pageSize={NOTICE_PAGE_SIZE}
        onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
        skeleton={{ rows: 4, height: 84 }}
      >
        {(notices) => (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Notices">
            {notices.map((notice) => (
              <NoticeCard key={notice.id} notice={notice} />
            ))}
          </Stack>
        )}
      </FilteredList>
    </Stack>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  const unread = notice.published_at !== null && notice.read_at === null;
  const waiting = notice.acknowledgement_required && notice.published_at !== null && notice.acknowledged_at === null;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      style={unread ? { borderLeft: '4px solid var(--mantine-color-blue-7)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          {notice.pinned && (
            <Badge color="blue" variant="light" leftSection={<IconPin size={12} aria-hidden="true" />}>
              Pinned
            </Badge>
          )}
          {unread && <Badge color="blue">Unread</Badge>}
          {waiting && <Badge color="orange">Please acknowledge</Badge>}
          {notice.acknowledged_at && (
            <Badge color="green" variant="light">
              Acknowledged
            </Badge>
          )}
          {notice.state !== 'current' && <Badge color="gray">{notice.state === 'scheduled' ? 'Scheduled' : 'Expired'}</Badge>}
        </Group>
        <Anchor fw={unread ? 700 : 600} size="lg" renderRoot={(props) => <Link {...props} to="/notice/$id" params={{ id: notice.id }} />}>
          {notice.title}
        </Anchor>
        <Text size="sm" lineClamp={2}>
          {teaser(notice.body)}
        </Text>
        <Text size="xs" c="dimmed">
          {[whenText(notice), personName(notice.author), audienceText(notice), expiryText(notice.expires_on)].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}
