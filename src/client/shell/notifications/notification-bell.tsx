// The bell: a badge with the count of new notifications ("9+" above 9) and a
// popover listing the first page. Opening it marks every notification read with exactly one
// call; closing it refetches the list. A click on a notification opens it.
import { ActionIcon, Anchor, Divider, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { bellNotificationsQueryOptions, markNotificationsRead, notificationKeys } from './notifications.api';
import type { NotificationsPage } from '../../../shared/notifications.contract';
import { badgeLabel } from '../../../shared/constants';
import { NotificationItem } from './notification-item';
import { useOpenNotification } from './use-open-notification';

/** the popup is at most 80% of the viewport's height minus 60 px. */
export const NOTIFICATION_POPUP_MAX_HEIGHT = 'calc(80vh - 60px)';

export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(bellNotificationsQueryOptions());
  const markRead = useMutation({
    mutationFn: markNotificationsRead,
    // The badge clears at once; the list keeps showing what was new until the bell closes.
    onSuccess: () =>
      queryClient.setQueryData<NotificationsPage>(bellNotificationsQueryOptions().queryKey, (page) => page && { ...page, unread: 0 }),
  });
  const unread = data?.unread ?? 0;

  // Closing can be reported twice (Escape, then the change); refetch once per opening.
  const openedRef = useRef(false);
  const close = useCallback(() => {
    if (!openedRef.current) return;
    openedRef.current = false;
    setOpened(false);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [queryClient]);
  const open = () => {
    if (openedRef.current) return;
    openedRef.current = true;
    setOpened(true);
    markRead.mutate();
  };
  const openNotification = useOpenNotification(close);

  return (
    // The badge wraps the whole popover: the target's popup attributes belong on the button alone.
    <Indicator label={badgeLabel(unread)} size={18} color="red" offset={6} disabled={unread === 0} inline>
      <Popover opened={opened} onChange={(next) => !next && close()} position="bottom-end" width={360} shadow="md" hideDetached={false}>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={unread > 0 ? `Notifications, ${badgeLabel(unread)} new` : 'Notifications'}
            aria-expanded={opened}
            onClick={() => (opened ? close() : open())}
          >
            <IconBell size={22} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)">
          <ScrollArea.Autosize mah={NOTIFICATION_POPUP_MAX_HEIGHT} type="auto">
            <Stack gap={0} py={4} role="list" aria-label="Notifications">
              {isPending ? (
                <Text p="md" size="sm" c="dimmed">
                  Loading...
                </Text>
              ) : !data || data.results.length === 0 ? (
                <Text p="md" size="sm" c="dimmed">
                  No notifications
                </Text>
              ) : (
                data.results.map((notification) => (
                  <div role="listitem" key={notification.id}>
                    <NotificationItem notification={notification} onOpen={openNotification} />
                  </div>
                ))
              )}
            </Stack>
          </ScrollArea.Autosize>
          <Divider />
          <Anchor component={Link} to="/notifications" onClick={close} display="block" ta="center" p="sm" size="sm">
            All notifications
          </Anchor>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
