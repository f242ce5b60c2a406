// A list's search box and its filters: side by side in a grid on a wider screen; on a phone the
// filters fold away behind one button that counts those chosen, so the list comes first.
import { Button, Collapse, SimpleGrid, Stack, type SimpleGridProps } from '@mantine/core';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { usePhone } from './phone';

type Props = {
  /** The folded part's element id. */
  id: string;
  search: ReactNode;
  /** How many filters are chosen. */
  chosen: number;
  cols: SimpleGridProps['cols'];
  /** The filters. */
  children: ReactNode;
};

export function FiltersFold({ id, search, chosen, cols, children }: Props) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <SimpleGrid cols={cols} spacing="sm">
        {search}
        {children}
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm">
      {search}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide filters' : chosen > 0 ? `Filters (${chosen})` : 'Filters'}
      </Button>
      <Collapse expanded={open} id={id}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </Stack>
  );
}
