// A page's (or a settings tab's) heading: its title, a line on what it is for, and its main
// action on the right (New company, Add leave type), where the viewer may take it.
import { Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeadingProps = {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  /** 1 for a page; 2 for a tab or a section inside one. */
  order?: TitleOrder;
  size?: string;
};

export function PageHeading({ title, description, action, order = 1, size }: PageHeadingProps) {
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={4}>
        <Title order={order} size={size}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {action}
    </Group>
  );
}
