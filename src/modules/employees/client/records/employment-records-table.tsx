// A person's dated records: a table from tablet width, stacked cards on phones (under 768 px),
// each row with edit and delete for viewers who may. A row can be marked (a permit about to
// expire) with a badge and a tinted background.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PHONE_QUERY } from '../../../../client/ui/phone';

export type RecordColumn<T> = { label: string; render: (record: T) => ReactNode };
/** A mark on a record: its words and colour. */
export type RecordMark = { label: string; colour: string };

type Props<T> = {
  label: string;
  records: readonly T[];
  columns: readonly RecordColumn<T>[];
  titleOf: (record: T) => string;
  markOf?: (record: T) => RecordMark | null;
  onEdit?: ((record: T) => void) | null;
  onDelete?: ((record: T) => void) | null;
};

export function RecordsView<T extends { id: string }>({ label, records, columns, titleOf, markOf, onEdit, onDelete }: Props<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const actions = (record: T) =>
    onEdit || onDelete ? (
      <Group gap="xs" justify="flex-end" wrap="nowrap">
        {onEdit && (
          <Button size="xs" variant="light" onClick={() => onEdit(record)} aria-label={`Edit ${titleOf(record)}`}>
            Edit
          </Button>
        )}
        {onDelete && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(record)} aria-label={`Delete ${titleOf(record)}`}>
            Delete
          </Button>
        )}
      </Group>
    ) : null;
  const badge = (mark: RecordMark | null) =>
    mark && (
      <Badge color={mark.colour} variant="light">
        {mark.label}
      </Badge>
    );

  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {records.map((record) => {
          const mark = markOf?.(record) ?? null;
          return (
            <Card
              key={record.id}
              withBorder
              padding="sm"
              role="listitem"
              aria-label={titleOf(record)}
              bg={mark ? `${mark.colour}.0` : undefined}
            >
              <Stack gap={4}>
                {badge(mark)}
                {columns.map((column) => (
                  <Group key={column.label} gap="xs" wrap="nowrap" align="flex-start">
                    <Text size="sm" c="dimmed" w={120}>
                      {column.label}
                    </Text>
                    <Text size="sm" component="div" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                      {column.render(record)}
                    </Text>
                  </Group>
                ))}
                {actions(record)}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label}>{column.label}</Table.Th>
            ))}
            {markOf && (
              <Table.Th>
                <VisuallyHidden>Status</VisuallyHidden>
              </Table.Th>
            )}
            {(onEdit || onDelete) && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => {
            const mark = markOf?.(record) ?? null;
            return (
              <Table.Tr key={record.id} bg={mark ? `${mark.colour}.0` : undefined}>
                {columns.map((column) => (
                  <Table.Td key={column.label}>{column.render(record)}</Table.Td>
                ))}
                {markOf && <Table.Td>{badge(mark)}</Table.Td>}
                {(onEdit || onDelete) && <Table.Td>{actions(record)}</Table.Td>}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
