// Overtime reports this user made offline, still in the outbox: "Waiting to sync", or
// "Needs attention" with the server's refusal and a link to the outbox.
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS } from '../../../client/offline/outbox-copy';
import { PENDING_STATES, useOutboxItems } from '../../../client/offline/outbox-items';
import { isIsoDate } from '../../../shared/dates';
import { OVERTIME_RESOURCES } from '../overtime.contract';
import type { ReportBody } from './overtime.api';
import { whenText } from './overtime-format';

export function QueuedReports() {
  const items = useOutboxItems(OVERTIME_RESOURCES.overtime);
  const queued = useMemo(() => items.filter((item) => PENDING_STATES.includes(item.state)).reverse(), [items]);
  if (queued.length === 0) return null;
  return (
    <Stack gap="xs" role="list" aria-label="Not yet sent">
      {queued.map((item) => {
        const body = item.body && typeof item.body === 'object' ? (item.body as Partial<ReportBody>) : null;
        const refused = item.state === 'needs_attention';
        const when =
          body && typeof body.date === 'string' && isIsoDate(body.date)
            ? whenText({ date: body.date, start_time: body.start_time ?? null, end_time: body.end_time ?? null, hours: body.hours ?? 0 })
            : null;
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
                <Text fw={600}>{item.label}</Text>
                {when && <Text size="sm">{when}</Text>}
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
