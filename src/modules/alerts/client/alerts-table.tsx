// Every alert for administrators: kind, short message, company ("All companies"), status
// and last change, with edit, publish-now and delete (after a confirmation) on each row.
// Creates waiting in the outbox come first, marked with their outbox state; an alert with a
// change waiting is marked too.
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, Text } from '@mantine/core';
import { OUTBOX_STATE_COLOURS, OUTBOX_STATE_LABELS } from '../../../client/offline/outbox-copy';
import { RowsTable } from '../../../client/ui/rows-view';
import { DATE_FORMATS, formatLondon } from '../../../shared/dates';
import type { OutboxState } from '../../../shared/sw-messages';
import type { AdminAlert, AlertKind, AlertStatus } from '../alerts.contract';
import { ALERT_KIND_LABELS, ALERT_STATUS_LABELS, ALL_COMPANIES } from './alert-form';
import { queuedCompanyName } from './queued-companies';

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

/** A row: an alert, or one created offline and waiting in the outbox. */
type AlertRow = { queued: QueuedAlert } | { alert: AdminAlert };

export function AlertsTable({ alerts, queued = [], pendingChanges, busyId, onEdit, onPublish, onDelete }: Props) {
  const rows: AlertRow[] = [...queued.map((alert) => ({ queued: alert })), ...alerts.map((alert) => ({ alert }))];
  return (
    <RowsTable
      label="Alerts"
      rows={rows}
      keyOf={(row) => ('queued' in row ? row.queued.id : row.alert.id)}
      rowProps={(row) => ('queued' in row ? { 'data-queued': true } : {})}
      minWidth={720}
      highlightOnHover
      columns={[
        { label: 'Kind', render: (row) => ALERT_KIND_LABELS[('queued' in row ? row.queued : row.alert).kind] },
        { label: 'Short message', render: (row) => ('queued' in row ? row.queued : row.alert).short_message },
        {
          label: 'Company',
          render: (row) =>
            'queued' in row
              ? row.queued.company_id
                ? (queuedCompanyName(row.queued.company_id) ?? '—')
                : ALL_COMPANIES
              : (row.alert.company_name ?? ALL_COMPANIES),
        },
        {
          label: 'Status',
          render: (row) =>
            'queued' in row ? <OutboxBadge state={row.queued.state} /> : <AlertStatus alert={row.alert} pendingChanges={pendingChanges} />,
        },
        { label: 'Updated', render: (row) => ('alert' in row ? formatLondon(row.alert.updated_at, DATE_FORMATS.dateTime) : null) },
      ]}
      actions={(row) =>
        'alert' in row && (
          <>
            <Button size="xs" variant="default" onClick={() => onEdit(row.alert)} aria-label={`Edit ${row.alert.short_message}`}>
              Edit
            </Button>
            {row.alert.status !== 'published' && (
              <Button
                size="xs"
                variant="light"
                loading={busyId === row.alert.id}
                onClick={() => onPublish(row.alert)}
                aria-label={`Publish now ${row.alert.short_message}`}
              >
                Publish now
              </Button>
            )}
            <Button
              size="xs"
              color="red"
              variant="subtle"
              onClick={() => onDelete(row.alert)}
              aria-label={`Delete ${row.alert.short_message}`}
            >
              Delete
            </Button>
          </>
        )
      }
    />
  );
}

function AlertStatus({ alert, pendingChanges }: { alert: AdminAlert; pendingChanges: Map<string, OutboxState> | undefined }) {
  return (
    <>
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
    </>
  );
}
