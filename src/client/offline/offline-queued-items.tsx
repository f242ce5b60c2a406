// Under the calm offline state of a page never opened on this device: the person's own writes
// to the page's resources still waiting in the outbox ("Waiting to sync"), so what they did
// offline is never hidden just because the list has not been loaded here yet.
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS, outboxPreview } from './outbox-copy';
import { PENDING_STATES, useOutboxItems } from './outbox-items';

/** The pending items whose resource is one of `resources` (the heads of the page's query keys), oldest first. */
export function useQueuedFor(resources: readonly string[]) {
  const items = useOutboxItems();
  return useMemo(
    () => items.filter((item) => PENDING_STATES.includes(item.state) && resources.includes(item.resource)).reverse(),
    [items, resources],
  );
}

export function OfflineQueuedItems({ resources }: { resources: readonly string[] }) {
  const queued = useQueuedFor(resources);
  if (queued.length === 0) return null;
  return (
    <Stack gap="xs" role="list" aria-label="Not yet sent">
      {queued.map((item) => (
        <Paper key={item.id} withBorder radius="md" p="sm" role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={500} truncate>
                {item.label}
              </Text>
              {outboxPreview(item) && (
                <Text size="sm" c="dimmed" truncate>
                  {outboxPreview(item)}
                </Text>
              )}
            </Stack>
            <Badge color={OUTBOX_STATE_COLOURS[item.state]} style={{ flexShrink: 0 }}>
              {OUTBOX_STATE_LABELS[item.state]}
            </Badge>
          </Group>
        </Paper>
      ))}
      <Anchor component={Link} to="/outbox" size="sm">
        Open the outbox
      </Anchor>
    </Stack>
  );
}
