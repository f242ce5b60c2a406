// The calm state of a page opened with no network whose data this device has never loaded (or
// keeps off itself for privacy):
// no error, no retry button (the page fills itself when the network returns). Inside a page, a
// part whose query waits for the network (never loaded here, or special-category data, which is
// never kept on the device) says so in one line instead of loading forever.
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconLock } from '@tabler/icons-react';

export const OFFLINE_NOT_SEEN = 'You’re offline — this page hasn’t been opened on this device yet';
export const OFFLINE_KEPT_OFF = 'Kept off this device for privacy — open it when you are online';
export const OFFLINE_PART_NOT_KEPT = 'Not available offline: shown when you are back online.';

/** A query with no data that waits for the network to start: the part shows OfflinePartNote. */
export function waitsForNetwork(query: { isPending: boolean; fetchStatus: string }): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}

export function OfflinePartNote() {
  return (
    <Group gap="xs" c="dimmed" role="status" wrap="nowrap">
      <IconCloudOff size={16} aria-hidden />
      <Text size="sm">{OFFLINE_PART_NOT_KEPT}</Text>
    </Group>
  );
}

/** `privacy`: the page's data is never kept on the device (special-category data, HR-private documents). */
export function OfflineEmptyState({ privacy = false }: { privacy?: boolean }) {
  return (
    <Paper withBorder p="xl" radius="md" role="status">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon color="gray" variant="light" size="xl" radius="xl" aria-hidden>
          {privacy ? <IconLock size={22} /> : <IconCloudOff size={22} />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {privacy ? OFFLINE_KEPT_OFF : OFFLINE_NOT_SEEN}
        </Title>
        <Text c="dimmed" size="sm">
          {privacy
            ? 'Special-category and HR-private information is not stored on a phone (only your own incident reports and return-to-work forms are). It opens by itself when you are back online.'
            : 'It opens by itself when you are back online.'}
        </Text>
      </Stack>
    </Paper>
  );
}
