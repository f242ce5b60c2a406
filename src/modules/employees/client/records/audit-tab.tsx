// The "History" tab: what was done to this person's records and by whom, newest first, 20 a
// page (GET /api/audit-log?target_id=; company-wide readers only).
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DATE_FORMATS, formatLondon } from '../../../../shared/dates';
import type { AuditLogEntry } from '../../directory.contract';
import { auditLogQueryOptions, DIRECTORY_PAGE_SIZE } from '../directory.api';
import type { ProfileTabProps } from '../profile/profile-tabs';
import { ListPager } from '../../../../client/ui/list-pager';
import { RowsTable, type RowColumn } from '../../../../client/ui/rows-view';
import { describeAction, describeDetails } from '../../../../client/ui/audit-words';

const COLUMNS: RowColumn<AuditLogEntry>[] = [
  { label: 'When', nowrap: true, render: (entry) => formatLondon(entry.created_at, DATE_FORMATS.dateTime) },
  {
    label: 'Who',
    render: (entry) => (
      <Group gap={4}>
        <Text size="sm">{entry.actor ? `${entry.actor.first_name} ${entry.actor.surname}` : 'System'}</Text>
        {entry.impersonated && (
          <Badge size="xs" color="yellow" variant="light">
            Impersonated
          </Badge>
        )}
      </Group>
    ),
  },
  { label: 'What', render: (entry) => describeAction(entry.action) },
  {
    label: 'Details',
    render: (entry) => (
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {describeDetails(entry.details)}
      </Text>
    ),
  },
];

export default function AuditTab({ userId }: ProfileTabProps) {
  const [page, setPage] = useState(1);
  const log = useQuery(auditLogQueryOptions(userId, page));
  const pages = log.data ? Math.max(1, Math.ceil(log.data.count / DIRECTORY_PAGE_SIZE)) : 1;

  if (log.isPending) return <Skeleton height={160} radius="md" aria-label="Loading the history" />;
  if (log.isError) {
    return (
      <Alert color="red" role="alert">
        The history could not be loaded. Please try again.
      </Alert>
    );
  }
  if (log.data.results.length === 0) return <Text>Nothing has been recorded for this person yet.</Text>;
  return (
    <Stack gap="md">
      <RowsTable label="History" rows={log.data.results} columns={COLUMNS} minWidth={640} verticalSpacing="xs" />
      <ListPager pages={pages} page={page} onPage={setPage} />
    </Stack>
  );
}
