// The side menu: the logo linking home, the "Close menu" toggle, the entries and the store
// badges (or "Install the app"). The layout places it in the AppShell's navbar, which is a
// drawer on phones.
import { ActionIcon, AppShell, Group, ScrollArea, Stack } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../logo';
import type { MenuItem } from './menu-registry';
import { SideMenuItem } from './side-menu-item';
import { StoreBadges } from './store-badges';

type Props = {
  items: MenuItem[];
  currentPath: string;
  onToggle: () => void;
  /** After an entry is chosen (closes the drawer on phones). */
  onNavigate: () => void;
  onContact: () => void;
};

export function SideMenu({ items, currentPath, onToggle, onNavigate, onContact }: Props) {
  return (
    <>
      <AppShell.Section px="md" h={60} className="side-menu-head">
        <Group justify="space-between" wrap="nowrap" w="100%">
          <Link to="/" aria-label="Stafflane home" className="top-bar-home" onClick={onNavigate}>
            <Logo size={28} />
          </Link>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Close menu" title="Close menu" onClick={onToggle}>
            <IconLayoutSidebarLeftCollapse size={22} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="xs" pt="sm">
        <nav aria-label="Main menu">
          <Stack gap={2}>
            {items.map((item) => (
              <SideMenuItem key={item.key} item={item} currentPath={currentPath} onNavigate={onNavigate} onContact={onContact} />
            ))}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section p="md">
        <StoreBadges />
      </AppShell.Section>
    </>
  );
}
