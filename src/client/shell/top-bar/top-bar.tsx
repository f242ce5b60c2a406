// The top bar: the menu button (always on phones; on desktop while the menu is
// closed), the logo while the menu is out of sight, and on the right the bell and the
// settings menu (only for users with a company) and the user menu.
import { Burger, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from '../logo';

type Props = { menuOpen: boolean; desktop: boolean; onToggleMenu: () => void; children: ReactNode };

export function TopBar({ menuOpen, desktop, onToggleMenu, children }: Props) {
  const showMenuButton = !desktop || !menuOpen;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {showMenuButton && (
          <Burger
            opened={!desktop && menuOpen}
            onClick={onToggleMenu}
            size="sm"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="side-menu"
          />
        )}
        {!menuOpen && (
          <Link to="/" aria-label="Stafflane home" style={{ textDecoration: 'none' }}>
            <Logo size={26} />
          </Link>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}
