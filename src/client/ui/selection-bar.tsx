// The bar over a list while rows are chosen: how many, the actions on them (their foot in line,
// so a labelled field sits beside its button), and Clear selection.
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function SelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-primary-color-light)" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{count} selected</Text>
        <Group gap="xs" align="flex-end">
          {children}
          <Button size="xs" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
