// The side menu's open state: on desktop widths (≥ 1024 px) it starts as
// stored and every toggle is stored as 1 or 0; on phones it is a drawer that starts closed,
// closes after a choice and is never stored. Its entries are drawn once it first opens.
import { useCallback, useState } from 'react';
import { DESKTOP_BREAKPOINT_PX } from '../../../shared/constants';
import { readMenuOpen, saveMenuOpen } from './menu-open-state';
import { useScreenQuery } from '../../ui/phone';

export const DESKTOP_QUERY = `(min-width: ${DESKTOP_BREAKPOINT_PX}px)`;

export function useMenuOpen() {
  const desktop = useScreenQuery(DESKTOP_QUERY);
  const [desktopOpen, setDesktopOpen] = useState(readMenuOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = useCallback(() => {
    if (desktop) {
      setDesktopOpen((open) => {
        saveMenuOpen(!open);
        return !open;
      });
    } else {
      setDrawerOpen((open) => !open);
    }
  }, [desktop]);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  return { desktop, desktopOpen, drawerOpen, open: desktop ? desktopOpen : drawerOpen, toggle, closeDrawer };
}

/**
 * Whether the menu has been open since the frame was drawn: its entries are drawn from then on
 * and kept. A phone's drawer starts closed, and drawing its twenty entries with the first
 * screen held up that screen's first paint on a slow phone.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
