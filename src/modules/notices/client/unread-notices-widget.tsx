// Dashboard card "Unread notices": the first five current notices the user has not opened,
// pinned first, marked when they ask for acknowledgement, with a link to the noticeboard.
// Nothing when there are none.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { queryRead, type QueryRead } from '../../../client/api/read-batch';
import { can } from '../../../client/ui/permission-guard';
import { NOTICES_ENDPOINT } from '../notices.contract';
import { whenText } from './notice-format';
import { noticeListQueryOptions } from './notices.api';

export const UNREAD_LIMIT = 5;

const mayRead = () => can({ endpoint: NOTICES_ENDPOINT, method: 'GET' });
const unreadQuery = () => ({ ...noticeListQueryOptions({ unread: 1 }, UNREAD_LIMIT), meta: { errorToast: false } });

export const unreadNoticesReads = (): readonly QueryRead[] => (mayRead() ? [queryRead(unreadQuery())] : []);

export function UnreadNoticesWidget() {
  const allowed = mayRead();
  const unread = useQuery({ ...unreadQuery(), enabled: allowed });
  const rows = unread.data?.results ?? [];
  if (!allowed || rows.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="unread-notices">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="h4" id="unread-notices">
          Unread notices
        </Title>
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/notices" search={{ unread: 1 }} />}>
          {unread.data && unread.data.count > rows.length ? `See all ${unread.data.count}` : 'Open the noticeboard'}
        </Anchor>
      </Group>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((notice) => (
          <Stack key={notice.id} component="li" gap={0}>
            <Group gap="xs" wrap="nowrap">
              <Anchor fw={600} size="sm" renderRoot={(props) => <Link {...props} to="/notice/$id" params={{ id: notice.id }} />}>
                {notice.title}
              </Anchor>
              {notice.acknowledgement_required && !notice.acknowledged_at && (
                <Badge size="xs" color="orange" style={{ flex: 'none' }}>
                  Acknowledge
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {whenText(notice)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
