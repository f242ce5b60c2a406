// Every alert for administrators: kind, short message, company ("All companies"), status
// and last change, with edit, publish-now and delete (after a confirmation) on each row.
// Creates waiting in the outbox come first, marked with their outbox state; an alert with a
// change waiting is marked too.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS } from '../../../client/offline/outbox-copy';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import type { OutboxState } from '../../../shared/sw-messages';
import type { AdminAlert, AlertKind, AlertStatus } from '../alerts.contract';
import { ALERT_KIND_LABELS, ALERT_STATUS_LABELS, ALL_COMPANIES } from './alert-form';

/** An alert created offline, from its outbox item's body. */
export type QueuedAlert = { id: string; kind: AlertKind; short_message: string; company_id: string | null; state: OutboxState };

const STATUS_COLOURS: Record<AlertStatus, string> = { draft: 'gray', scheduled: 'yellow', published: 'green' };

type Props = {
  alerts: AdminAlert[];
  queued?: QueuedAlert[];
  /** Outbox state of a change waiting for an existing alert, by alert id. */
  pendingChanges?: Map<string, OutboxState>;
  busyId: string | null;
  onEdit: (alert: AdminAlert) => void;
  onPublish: (alert: AdminAlert) => void;
  onDelete: (alert: AdminAlert) => void;
};

function OutboxBadge({ state }: { state: OutboxState }) {
  return (
    <Badge color={OUTBOX_STATE_COLOURS[state]} variant="outline">
      {OUTBOX_STATE_LABELS[state]}
    </Badge>
  );
}

export function AlertsTable({ alerts, queued = [], pendingChanges, busyId, onEdit, onPublish, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Alerts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Short message</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {queued.map((alert) => (
            <Table.Tr key={alert.id} data-queued>
              <Table.Td>{ALERT_KIND_LABELS[alert.kind]}</Table.Td>
              <Table.Td>{alert.short_message}</Table.Td>
              <Table.Td>{alert.company_id ? '—' : ALL_COMPANIES}</Table.Td>
              <Table.Td>
                <OutboxBadge state={alert.state} />
              </Table.Td>
              <Table.Td />
              <Table.Td />
            </Table.Tr>
          ))}
          {alerts.map((alert) => (
            <Table.Tr key={alert.id}>
              <Table.Td>{ALERT_KIND_LABELS[alert.kind]}</Table.Td>
              <Table.Td>{alert.short_message}</Table.Td>
              <Table.Td>{alert.company_name ?? ALL_COMPANIES}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={STATUS_COLOURS[alert.status]} variant="light">
                    {ALERT_STATUS_LABELS[alert.status]}
                  </Badge>
                  {pendingChanges?.has(alert.id) && <OutboxBadge state={pendingChanges.get(alert.id) ?? 'waiting'} />}
                </Group>
                {alert.status === 'scheduled' && alert.published_at && (
                  <Text size="xs" c="dimmed">
                    {formatLondon(alert.published_at, DATE_FORMATS.dateTime)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatLondon(alert.updated_at, DATE_FORMATS.dateTime)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => onEdit(alert)} aria-label={`Edit ${alert.short_message}`}>
                    Edit
                  </Button>
                  {alert.status !== 'published' && (
                    <Button
                      size="xs"
                      variant="light"
                      loading={busyId === alert.id}
                      onClick={() => onPublish(alert)}
                      aria-label={`Publish now ${alert.short_message}`}
                    >
                      Publish now
                    </Button>
                  )}
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    onClick={() => onDelete(alert)}
                    aria-label={`Delete ${alert.short_message}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
