// Whether the side menu is open on desktop widths (1024 px and above), kept
// in local storage under `menu-open` as 1 or 0. Phones always start with it closed (a drawer).
export const MENU_OPEN_KEY = 'menu-open';

export function readMenuOpen(): boolean {
  try {
    return localStorage.getItem(MENU_OPEN_KEY) !== '0';
  } catch {
    return true;
  }
}

export function saveMenuOpen(open: boolean): void {
  try {
    localStorage.setItem(MENU_OPEN_KEY, open ? '1' : '0');
  } catch {
    // Storage blocked: the menu keeps its state for this page only.
  }
}
