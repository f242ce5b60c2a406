// Access requests as cards (phones first): who asked which company, why, for how long, and
// where the request stands. The screens add their own actions to each card.
import { Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatLondonDateTime } from '../../../shared/formats';
import { DEFAULT_PAGE_SIZE } from '../../../shared/list';
import { accessRequestStatusLabel, type AccessRequest } from '../access-requests.contract';
import { accessRequestsQueryOptions } from './access-requests.api';
import { ListPager } from '../../../client/ui/list-pager';

const statusColour = (request: AccessRequest) =>
  request.status === 'pending'
    ? 'yellow'
    : request.status === 'approved' && request.open
      ? 'green'
      : request.status === 'declined'
        ? 'red'
        : 'gray';

const hoursLabel = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;

function AccessRequestCard({
  request,
  viewer,
  highlighted,
  actions,
}: {
  request: AccessRequest;
  viewer: 'administrator' | 'company';
  highlighted: boolean;
  actions: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Access request from ${request.administrator_name} to ${request.company_name}`}
      aria-current={highlighted ? 'true' : undefined}
      style={highlighted ? { borderColor: 'var(--mantine-color-brand-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>{viewer === 'administrator' ? request.company_name : `${request.administrator_name}, Stafflane support`}</Text>
          <Badge color={statusColour(request)} variant="light">
            {accessRequestStatusLabel(request)}
          </Badge>
        </Group>
        <Text size="sm">{request.reason}</Text>
        <Text size="sm" c="dimmed">
          Asked {formatLondonDateTime(new Date(request.created_at))} for {hoursLabel(request.duration_hours)}
          {request.decided_by_name && request.decided_at
            ? ` · ${request.status === 'declined' ? 'declined' : 'approved'} by ${request.decided_by_name} on ${formatLondonDateTime(new Date(request.decided_at))}`
            : ''}
          {request.ends_at && request.status !== 'declined'
            ? ` · ${request.open ? 'open until' : 'ended'} ${formatLondonDateTime(new Date(request.ends_at))}`
            : ''}
        </Text>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Stack>
    </Paper>
  );
}

export function AccessRequestList({
  viewer,
  highlightId,
  actions,
  empty,
}: {
  viewer: 'administrator' | 'company';
  highlightId?: string | undefined;
  actions: (request: AccessRequest) => ReactNode;
  empty: string;
}) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useQuery(accessRequestsQueryOptions(page));
  if (isPending) return <Loader aria-label="Loading access requests" />;
  if (isError) return <Alert color="red">The access requests could not be loaded. Please try again.</Alert>;
  if (data.results.length === 0) return <Text c="dimmed">{empty}</Text>;
  const pages = Math.ceil(data.count / DEFAULT_PAGE_SIZE);
  return (
    <Stack gap="sm">
      {data.results.map((request) => (
        <AccessRequestCard
          key={request.id}
          request={request}
          viewer={viewer}
          highlighted={request.id === highlightId}
          actions={actions(request)}
        />
      ))}
      <ListPager pages={pages} page={page} onPage={setPage} label="Pages of access requests" />
    </Stack>
  );
}
