// The rows of a settings list: a table on wider screens, stacked cards on phones (no sideways
// scrolling at 390 px), each row with the actions the user may take.
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Card.css';
import { Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

export type RowColumn<T> = { label: string; render: (item: T) => ReactNode };

type RowsViewProps<T> = {
  label: string;
  items: readonly T[];
  columns: readonly RowColumn<T>[];
  actions?: ((item: T) => ReactNode) | undefined;
};

const PHONE_QUERY = '(max-width: 36em)';

export function RowsView<T extends { id: string }>({ label, items, columns, actions }: RowsViewProps<T>) {
  const phone = useMediaQuery(PHONE_QUERY);
  const actionsOf = (item: T) =>
    actions ? (
      <Group gap="xs" justify="flex-end" wrap="wrap">
        {actions(item)}
      </Group>
    ) : null;
  if (phone) {
    return (
      <Stack gap="sm" role="list" aria-label={label}>
        {items.map((item) => (
          <Card key={item.id} withBorder padding="sm" role="listitem">
            <Stack gap={4}>
              {columns.map((column) => (
                <Group key={column.label} gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
                    {column.label}
                  </Text>
                  <Text size="sm" component="div" style={{ flex: 1, minWidth: 0 }}>
                    {column.render(item)}
                  </Text>
                </Group>
              ))}
              {actionsOf(item)}
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table striped highlightOnHover aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
          {actions && (
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            {columns.map((column) => (
              <Table.Td key={column.label}>{column.render(item)}</Table.Td>
            ))}
            {actions && <Table.Td>{actionsOf(item)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
