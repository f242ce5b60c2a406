// Return-to-work items as a table on wider screens and cards on phones: the person, the
// sickness dates and length, the kind (self-certification or fit note) and the status, each
// opening the item's page.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReturnToWorkItem } from '../../return-to-work.contract';
import { formatDate, personName } from '../absence/absence-format';
import { ReturnToWorkStatusBadge } from '../absence/absence-status-badge';
import { calendarDaysText, KIND_LABELS } from './return-to-work-words';

function ItemLink({ item }: { item: ReturnToWorkItem }) {
  return (
    <Anchor fw={600} renderRoot={(props) => <Link {...props} to="/return-to-work/$id/self-certification" params={{ id: item.id }} />}>
      {personName(item.user)}
    </Anchor>
  );
}

const dates = (item: ReturnToWorkItem) => `${formatDate(item.first_day)} to ${formatDate(item.last_day)}`;

export function ReturnToWorkTable({ items }: { items: ReturnToWorkItem[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Return to work" verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Sickness</Table.Th>
            <Table.Th>Length</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <ItemLink item={item} />
              </Table.Td>
              <Table.Td>{dates(item)}</Table.Td>
              <Table.Td>{calendarDaysText(item.calendar_days)}</Table.Td>
              <Table.Td>{KIND_LABELS[item.kind]}</Table.Td>
              <Table.Td>
                <ReturnToWorkStatusBadge status={item.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ReturnToWorkCards({ items }: { items: ReturnToWorkItem[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Return to work">
      {items.map((item) => (
        <Card key={item.id} withBorder radius="md" padding="sm" role="listitem">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <ItemLink item={item} />
              <ReturnToWorkStatusBadge status={item.status} />
            </Group>
            <Text size="sm">{dates(item)}</Text>
            <Text size="sm" c="dimmed">
              {calendarDaysText(item.calendar_days)} · {KIND_LABELS[item.kind]}
            </Text>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
