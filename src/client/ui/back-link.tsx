// The small link above a page's heading back to where the page is reached from ("Back to the
// list", "Noticeboard"), an arrow before its words.
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function BackLink({ to, params, children }: { to: LinkProps['to']; params?: LinkProps['params']; children: ReactNode }) {
  return (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to={to} params={params} />}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden="true" />
        {children}
      </Group>
    </Anchor>
  );
}
