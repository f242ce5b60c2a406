// Absence requests and sickness reports this user made offline, still in the outbox (DESIGN
// §5): shown above the list as "Waiting to sync", or "Needs attention" with the server's
// refusal (an overlap, not enough allowance) and a link to the outbox to retry or discard.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS } from '../../../../client/offline/outbox-copy';
import { PENDING_STATES, useOutboxItems } from '../../../../client/offline/outbox-items';
import { isIsoDate } from '../../../../shared/dates';
import type { OutboxItemSummary } from '../../../../shared/sw-messages';
import { type CreateAbsenceInput } from '../../absences.contract';
import { LEAVE_RESOURCES } from '../../leave.contract';
import { absenceDates } from '../absence/absence-format';
import { leaveTypesQueryOptions } from '../requests.api';

type Queued = { item: OutboxItemSummary; body: Partial<CreateAbsenceInput> | null };

/** The user's unsent absence writes, oldest first (the order they will be sent in). */
export function useQueuedAbsences(): Queued[] {
  const items = useOutboxItems(LEAVE_RESOURCES.absence);
  return useMemo(
    () =>
      items
        .filter((item) => PENDING_STATES.includes(item.state))
        .map((item) => ({ item, body: item.body && typeof item.body === 'object' ? (item.body as Partial<CreateAbsenceInput>) : null }))
        .reverse(),
    [items],
  );
}

function datesOf(body: Partial<CreateAbsenceInput> | null): string | null {
  if (!body || typeof body.start_date !== 'string' || !isIsoDate(body.start_date)) return null;
  return absenceDates({
    start_date: body.start_date,
    end_date: typeof body.end_date === 'string' && isIsoDate(body.end_date) ? body.end_date : null,
    duration_type: body.duration_type ?? 'days',
    half_day_part: body.half_day_part ?? null,
    hours: typeof body.hours === 'number' ? body.hours : null,
  });
}

export function QueuedAbsences({ queued }: { queued: Queued[] }) {
  const leaveTypes = useQuery(leaveTypesQueryOptions());
  if (queued.length === 0) return null;
  const typeName = (id: unknown) => leaveTypes.data?.find((type) => type.id === id)?.name;
  return (
    <Stack gap="xs" role="list" aria-label="Not yet sent">
      {queued.map(({ item, body }) => {
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
                <Text fw={600}>{typeName(body?.leave_type_id) ?? item.label}</Text>
                {datesOf(body) && <Text size="sm">{datesOf(body)}</Text>}
                {refused && (
                  <>
                    <Text size="sm" c="red">
                      {item.error?.message ?? 'The server refused this change.'}
                    </Text>
                    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/outbox" />}>
                      Open the outbox to retry or discard it
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
