// /notifications: all of the user's notifications, 20 a page, newest first,
// "Action Required" on those that need the user to act. Company users and administrators alike.
import { Center, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { notificationsQueryOptions } from './notifications.api';
import { NOTIFICATIONS_PAGE_SIZE } from '../../../shared/notifications.contract';
import { usePageTitle } from '../page-title';
import { NotificationItem } from './notification-item';
import { useOpenNotification } from './use-open-notification';

export const NO_NOTIFICATIONS = 'No notifications';

export function NotificationsPage({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  usePageTitle('Notifications');
  const { data, isPending } = useQuery({ ...notificationsQueryOptions(page), placeholderData: keepPreviousData });
  const openNotification = useOpenNotification();
  const pages = data ? Math.max(1, Math.ceil(data.count / NOTIFICATIONS_PAGE_SIZE)) : 1;

  return (
    <Stack gap="lg">
      <Title order={1}>Notifications</Title>
      <Paper withBorder radius="lg" p="xs">
        {isPending ? (
          <Text p="md" c="dimmed">
            Loading...
          </Text>
        ) : !data || data.results.length === 0 ? (
          <Text p="md" c="dimmed" ta="center">
            {NO_NOTIFICATIONS}
          </Text>
        ) : (
          <Stack gap={2} role="list" aria-label="Notifications">
            {data.results.map((notification) => (
              <div role="listitem" key={notification.id}>
                <NotificationItem notification={notification} onOpen={openNotification} />
              </div>
            ))}
          </Stack>
        )}
      </Paper>
      {pages > 1 && (
        <Center>
          <Pagination total={pages} value={Math.min(page, pages)} onChange={onPageChange} aria-label="Pages of notifications" />
        </Center>
      )}
    </Stack>
  );
}
