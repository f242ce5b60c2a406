// The evidence trail of a document: every event with its UTC time and the London time, who,
// how they were identified, from where, and the hash of the file concerned.
import './documents-styles';
import { Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditQueryOptions } from './documents.api';
import { formatWhen } from './document-labels';

export function TrailSection({ documentId }: { documentId: string }) {
  const trail = useQuery(auditQueryOptions(documentId));
  if (!trail.data || trail.data.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Evidence trail
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Who and how</Table.Th>
                <Table.Th>From</Table.Th>
                <Table.Th>SHA-256</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trail.data.map((entry, index) => (
                <Table.Tr key={`${entry.at}-${index}`}>
                  <Table.Td tt="capitalize">{entry.event}</Table.Td>
                  <Table.Td>
                    {formatWhen(entry.at)}
                    <Text size="xs" c="dimmed">
                      {entry.at.replace('T', ' ').slice(0, 19)} UTC
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.actor}
                    <Text size="xs" c="dimmed">
                      {entry.identification}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {entry.ip ?? '-'}
                    <Text size="xs" c="dimmed" lineClamp={1} title={entry.user_agent ?? ''}>
                      {entry.user_agent ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{entry.sha256 ? <Code style={{ wordBreak: 'break-all' }}>{entry.sha256}</Code> : '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
