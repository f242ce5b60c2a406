// The rows of an organisation list: a table on wider screens, stacked cards on phones, each
// with edit and delete for those who may.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export type Column<T> = { label: string; render: (item: T) => ReactNode };

type Props<T> = {
  label: string;
  items: readonly T[];
  columns: readonly Column<T>[];
  titleOf: (item: T) => string;
  onEdit?: ((item: T) => void) | undefined;
  onDelete?: ((item: T) => void) | undefined;
  /** Further actions on a row (a department's managers). */
  extraActions?: ((item: T) => ReactNode) | undefined;
};

const PHONE_QUERY = '(max-width: 36em)';

export function ItemsView<T extends { id: string }>({ label, items, columns, titleOf, onEdit, onDelete, extraActions }: Props<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const actions = (item: T) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {extraActions?.(item)}
      {onEdit && (
        <Button size="xs" variant="light" onClick={() => onEdit(item)} aria-label={`Edit ${titleOf(item)}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(item)} aria-label={`Delete ${titleOf(item)}`}>
          Delete
        </Button>
      )}
    </Group>
  );
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {items.map((item) => (
          <Card key={item.id} withBorder padding="sm" role="listitem">
            <Stack gap={4}>
              {columns.map((column) => (
                <Group key={column.label} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" w={110}>
                    {column.label}
                  </Text>
                  <Text size="sm" component="div" style={{ flex: 1 }}>
                    {column.render(item)}
                  </Text>
                </Group>
              ))}
              {actions(item)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label}>{column.label}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {columns.map((column) => (
                <Table.Td key={column.label}>{column.render(item)}</Table.Td>
              ))}
              <Table.Td>{actions(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
