// The one calm state of a page opened with no network whose data this device has never loaded:
// no error, no retry button (the page fills itself when the network returns).
import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';

export const OFFLINE_NOT_SEEN = 'You’re offline — this page hasn’t been opened on this device yet';

export function OfflineEmptyState() {
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon color="gray" variant="light" size="xl" radius="xl" aria-hidden>
          <IconCloudOff size={22} />
        </ThemeIcon>
        <Title order={2} size="h4">
          {OFFLINE_NOT_SEEN}
        </Title>
        <Text c="dimmed" size="sm">
          It opens by itself when you are back online.
        </Text>
      </Stack>
    </Paper>
  );
}
