// Claims this user made offline, still in the outbox (with their receipts and the submit that
// follow them): shown above the list as "Waiting to sync", or "Needs attention" with the
// server's refusal and a link to the outbox to retry or discard.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS } from '../../../client/offline/outbox-copy';
import { PENDING_STATES, useOutboxItems } from '../../../client/offline/outbox-items';
import type { OutboxItemSummary } from '../../../shared/sw-messages';
import { EXPENSE_RESOURCES, expensePaths } from '../expenses.contract';
import { formatPounds } from '../../../shared/money';

type QueuedClaim = { item: OutboxItemSummary; receipts: number; description: string; total: string | null };

/** A queued body's name and total: its items' gross, and its journeys' miles (priced when it lands). */
function describe(body: unknown): { description: string; total: string | null } {
  const claim = (body && typeof body === 'object' ? body : {}) as {
    claim_type?: unknown;
    description?: unknown;
    items?: unknown;
    journeys?: unknown;
  };
  const lines = (value: unknown) => (Array.isArray(value) ? (value as { gross?: unknown; miles?: unknown }[]) : []);
  // A body of one kind (queued before a claim held both) has a mileage claim's journeys as items.
  const oneKindMileage = claim.claim_type === 'mileage' && claim.journeys === undefined;
  const items = oneKindMileage ? [] : lines(claim.items);
  const journeys = oneKindMileage ? lines(claim.items) : lines(claim.journeys);
  const gross = items.reduce((sum, item) => sum + (typeof item.gross === 'number' ? item.gross : 0), 0);
  const miles = journeys.reduce((sum, journey) => sum + (typeof journey.miles === 'number' ? journey.miles : 0), 0);
  const parts = [
    items.length > 0 ? formatPounds(gross) : null,
    journeys.length > 0 ? `${miles.toLocaleString('en-GB', { maximumFractionDigits: 1 })} miles` : null,
  ].filter(Boolean);
  const kind =
    items.length > 0 && journeys.length > 0 ? 'Expense and mileage claim' : journeys.length > 0 ? 'Mileage claim' : 'Expense claim';
  const description = typeof claim.description === 'string' && claim.description ? claim.description : kind;
  return { description, total: parts.length > 0 ? parts.join(' + ') : null };
}

/** The user's unsent claims, oldest first (the order they will be sent in), each with its queued receipts. */
export function useQueuedClaims(): QueuedClaim[] {
  const items = useOutboxItems(EXPENSE_RESOURCES.claim);
  return useMemo(() => {
    const pending = items.filter((item) => PENDING_STATES.includes(item.state));
    return pending
      .filter((item) => item.method === 'POST' && item.url === expensePaths.claims)
      .map((item) => {
        const id = (item.body as { id?: unknown } | null)?.id;
        const receipts = typeof id === 'string' ? pending.filter((other) => other.url === expensePaths.receipts(id)).length : 0;
        return { item, receipts, ...describe(item.body) };
      })
      .reverse();
  }, [items]);
}

export function QueuedClaims({ queued }: { queued: QueuedClaim[] }) {
  if (queued.length === 0) return null;
  return (
    <Stack gap="xs" role="list" aria-label="Not yet sent">
      {queued.map(({ item, receipts, description, total }) => {
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
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Text fw={600} size="sm" truncate>
                  {description}
                </Text>
                <Text size="xs" c="dimmed">
                  {[total, receipts > 0 ? `${receipts} receipt${receipts === 1 ? '' : 's'}` : null, item.label].filter(Boolean).join(' · ')}
                </Text>
                {refused && item.error && (
                  <Text size="xs" c="red.8">
                    {item.error.message}{' '}
                    <Anchor size="xs" renderRoot={(props) => <Link {...props} to="/outbox" />}>
                      Open the outbox
                    </Anchor>
                  </Text>
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
