// A labelled value in a description list (<dt> and <dd>): a record's summary, a panel's figures.
// Long text keeps its line breaks and wraps anywhere rather than widening the page.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function DescribedValue({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text component="dd" m={0} fw={strong ? 600 : undefined} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
