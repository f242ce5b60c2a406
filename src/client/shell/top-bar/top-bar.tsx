// The top bar: the menu button (always on phones; on desktop while the menu is
// closed), the logo while the menu is out of sight, and on the right the bell and the
// settings menu (only for users with a company) and the user menu.
import { Box, Burger, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useOnline } from '../../offline/network';
import { Logo, LogoMark } from '../logo';

type Props = { menuOpen: boolean; desktop: boolean; onToggleMenu: () => void; children: ReactNode };

export function TopBar({ menuOpen, desktop, onToggleMenu, children }: Props) {
  const showMenuButton = !desktop || !menuOpen;
  const online = useOnline();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
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
        {/* On a phone, the mark without the name, and not while the "Offline" mark needs its room. */}
        {!menuOpen && (
          <Box component={Link} to="/" aria-label="Stafflane home" className="top-bar-home" visibleFrom={online ? undefined : 'xs'}>
            <Box visibleFrom="xs">
              <Logo size={26} />
            </Box>
            <Box hiddenFrom="xs" display="flex">
              <LogoMark size={26} />
            </Box>
          </Box>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}
