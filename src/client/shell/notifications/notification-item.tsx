// One notification, in the bell's list and on /notifications: a dot coloured by what it is
// about (dimmed once clicked), the description, when it came, and "Action Required"
// for those that need the user to act.
import { Badge, Box, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '../../../shared/notifications.contract';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import { inertLinks } from './inert-links';
import { notificationDotColour } from './notification-target';

export const ACTION_REQUIRED = 'Action Required';

export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  return (
    <UnstyledButton
      className="notification-item"
      data-new={notification.is_new || undefined}
      data-clicked={notification.is_clicked || undefined}
      onClick={() => onOpen(notification)}
      w="100%"
      px="sm"
      py="xs"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box
          className="notification-dot"
          data-testid="notification-dot"
          data-clicked={notification.is_clicked || undefined}
          bg={notificationDotColour(notification.relates_to)}
          mt={6}
          aria-hidden="true"
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {/* The server sanitises descriptions with an allow-list before storing them
              (notify() on the server); that is the only reason this HTML is trusted. */}
          <Text
            component="span"
            display="block"
            size="sm"
            fw={notification.is_new ? 600 : 400}
            className="notification-description"
            dangerouslySetInnerHTML={{ __html: inertLinks(notification.description) }}
          />
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              {formatLondon(notification.created_at, DATE_FORMATS.dateTime)}
            </Text>
            {notification.todo && (
              <Badge size="xs" color="orange" variant="light" tt="none">
                {ACTION_REQUIRED}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
