// A module's own writes made offline and still in the outbox, shown above its list: each as the
// module describes it (a title and a line of detail, from the queued body), "Waiting to sync",
// or "Needs attention" with the server's refusal and a link to the outbox to retry or discard.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { OutboxItemSummary } from '../../shared/sw-messages';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS } from './outbox-copy';

export type QueuedWrite = { item: OutboxItemSummary; title: string; detail: string | null };

export function QueuedWrites({
  queued,
  openOutbox = 'Open the outbox to retry or discard it',
}: {
  queued: readonly QueuedWrite[];
  /** The words of the link to the outbox under a refused write. */
  openOutbox?: string;
}) {
  if (queued.length === 0) return null;
  return (
    <Stack gap="xs" role="list" aria-label="Not yet sent">
      {queued.map(({ item, title, detail }) => {
        const refused = item.state === 'needs_attention';
        return (
          <Card
            key={item.id}
            withBorder
            radius="md"
            padding="sm"
            role="listitem"
            bg={refused ? 'var(--mantine-color-red-light)' : undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate>
                  {title}
                </Text>
                {detail && <Text size="sm">{detail}</Text>}
                {refused && (
                  <>
                    <Text size="sm" c="red">
                      {item.error?.message ?? 'The server refused this change.'}
                    </Text>
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/outbox" />}>
                      {openOutbox}
                    </Anchor>
                  </>
                )}
              </Stack>
              <Badge color={OUTBOX_STATE_COLOURS[item.state]} variant="light" style={{ flex: 'none' }}>
                {OUTBOX_STATE_LABELS[item.state]}
              </Badge>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
