// A balance's history: every logged change (entitlement, carry-over, absences, adjustments)
// with its reason, who made it and when, newest first as the server lists them.
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import type { PeriodValue } from '../../leave-balances.contract';
import { valueLogQueryOptions } from '../balances.api';
import { formatChange, VALUE_LOG_KIND_LABELS } from './amounts';

export function ValueHistoryModal({ value, onClose }: { value: PeriodValue | null; onClose: () => void }) {
  return (
    <Modal opened={value !== null} onClose={onClose} title={value ? `${value.leave_type.name}: history` : ''} size="lg">
      {value && <History value={value} />}
    </Modal>
  );
}

function History({ value }: { value: PeriodValue }) {
  const logs = useQuery(valueLogQueryOptions(value.id));
  if (logs.isPending) return <Loader size="sm" aria-label="Loading" />;
  if (logs.isError) return <Alert color="red">The history could not be loaded.</Alert>;
  if (logs.data.length === 0) return <Text>No changes yet.</Text>;
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Changes">
      {logs.data.map((log) => (
        <Stack key={log.id} gap={2} component="li" pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600}>
            {formatChange(log.change, value.unit)} · {VALUE_LOG_KIND_LABELS[log.kind]}
            {log.hours_worked !== null ? ` (${log.hours_worked} hours worked)` : ''}
          </Text>
          <Text size="sm">{log.reason}</Text>
          <Text size="xs" c="dimmed">
            {formatLondon(log.created_at, DATE_FORMATS.dateTime)}
            {log.actor_name ? ` · ${log.actor_name}` : ''}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
