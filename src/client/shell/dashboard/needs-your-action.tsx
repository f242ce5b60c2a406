// "Needs your action" on the dashboard: the non-zero pending counts (approvals and tasks, each
// linking to where it is done) and the notifications marked Action Required; "You're all
// caught up" when there is nothing.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { pendingCountQueryOptions } from '../../api/pending-count.api';
import { queryRead, type QueryRead } from '../../api/read-batch';
import { bellNotificationsQueryOptions } from '../notifications/notifications.api';
import { NotificationItem } from '../notifications/notification-item';
import { useOpenNotification } from '../notifications/use-open-notification';
import { DashboardCard } from './dashboard-card';
import { pendingActions } from './pending-actions';

export const ALL_CAUGHT_UP = "You're all caught up";

/** The card's reads (the menu's badges and the bell share them). */
export const needsYourActionReads = (): readonly QueryRead[] => [
  queryRead(pendingCountQueryOptions()),
  queryRead(bellNotificationsQueryOptions()),
];

export function NeedsYourAction() {
  const navigate = useNavigate();
  const pending = useQuery(pendingCountQueryOptions());
  const notifications = useQuery(bellNotificationsQueryOptions());
  const openNotification = useOpenNotification();
  const actions = pendingActions(pending.data);
  const todo = (notifications.data?.results ?? []).filter((notification) => notification.todo);
  const loading = pending.isPending || notifications.isPending;

  return (
    <DashboardCard id="needs-your-action" title="Needs your action" loading={loading}>
      {actions.length === 0 && todo.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconCircleCheck size={20} aria-hidden="true" />
          <Text>{ALL_CAUGHT_UP}</Text>
        </Group>
      ) : (
        <Stack gap="xs">
          {actions.length > 0 && (
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {actions.map((action) => (
                <li key={action.key}>
                  <Group gap="xs" wrap="nowrap">
                    <Badge color="red" circle={action.count <= 9}>
                      {action.count}
                    </Badge>
                    <Anchor
                      href={action.href}
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                        event.preventDefault();
                        void navigate({ href: action.href });
                      }}
                    >
                      {action.label}
                    </Anchor>
                  </Group>
                </li>
              ))}
            </Stack>
          )}
          {todo.length > 0 && (
            <Stack gap={0} role="list" aria-label="Notifications that need your action">
              {todo.map((notification) => (
                <div role="listitem" key={notification.id}>
                  <NotificationItem notification={notification} onOpen={openNotification} />
                </div>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </DashboardCard>
  );
}
