// The shell's menu rules that take more than one line, pure so each is tested (menu-rules.test.ts).
import type { MenuContext } from './menu-context';

/**
 * Which documents areas a docs-only session may use (the hr_client and hs_client
 * flags). With neither flag set both are open, as the session guard reads it
 * (src/modules/auth/client/session-guards.ts).
 */
export function documentsAreas(context: Pick<MenuContext, 'hrClient' | 'hsClient'>): { hr: boolean; hs: boolean } {
  if (!context.hrClient && !context.hsClient) return { hr: true, hs: true };
  return { hr: context.hrClient, hs: context.hsClient };
}

/** The path of an href without its query string and fragment. */
export function pathOf(href: string): string {
  return href.split(/[?#]/, 1)[0] ?? href;
}

/** The active item: its path equals the current path, ignoring query string and fragment. */
export function isActivePath(href: string, currentPath: string): boolean {
  return pathOf(href) === pathOf(currentPath);
}
