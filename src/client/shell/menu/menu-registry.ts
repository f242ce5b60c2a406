// The side menu: the shell's own entries (dashboard, help) and every registered module's, in the product's order. buildMenu turns them and the
// user's context into what the side menu shows.
import { IconHelp, IconLayoutDashboard, type Icon } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ClientModule } from '../client-module';
import { useClientModules } from '../client-modules';
import type { MenuContext, MenuNeed } from './menu-context';
import { MENU_ORDER, type MenuEntryDefinition, type MenuEntryKind } from './menu-entry';

/** The external help centre, opened in a new tab. */
export const HELP_FAQ_URL = 'https://help.stafflane.co.uk/';

export type MenuItem = {
  key: string;
  title: string;
  icon: Icon;
  kind: MenuEntryKind;
  href: string;
  badge: number;
  disabled: boolean;
};

const always = (target: string) => () => target;

/** The shell's own entries; the documents areas are the documents module's. */
const SHELL_ENTRIES: MenuEntryDefinition[] = [
  { key: 'dashboard', title: 'Dashboard', icon: IconLayoutDashboard, kind: 'link', target: always('/'), enabledWhenRestricted: () => true },
  { key: 'help', title: 'Help/FAQ', icon: IconHelp, kind: 'external', target: always(HELP_FAQ_URL) },
];

const rank = (entry: MenuEntryDefinition) => MENU_ORDER.indexOf(entry.key);

/** The shell's entries and those of `modules`, in menu order. */
export function collectMenuEntries(modules: readonly ClientModule[]): MenuEntryDefinition[] {
  return [...SHELL_ENTRIES, ...modules.flatMap((module) => module.menu ?? [])].sort((a, b) => rank(a) - rank(b));
}

/** The shell's entries and those of the app's modules. */
export function useMenuEntries(): MenuEntryDefinition[] {
  const modules = useClientModules();
  return useMemo(() => collectMenuEntries(modules), [modules]);
}

/** The side menu for `context`: visible entries in menu order, disabled per restricted mode. */
export function buildMenu(context: MenuContext, entries: readonly MenuEntryDefinition[]): MenuItem[] {
  return entries
    .filter((entry) => entry.visible?.(context) ?? true)
    .map((entry) => ({
      key: entry.key,
      title: entry.title,
      icon: entry.icon,
      kind: entry.kind,
      href: entry.target(context),
      badge: entry.badge?.(context) ?? 0,
      disabled: context.restricted && !(entry.enabledWhenRestricted?.(context) ?? false),
    }));
}

/** What the registered entries need loaded. */
export function menuNeeds(entries: readonly MenuEntryDefinition[]): Set<MenuNeed> {
  return new Set(entries.flatMap((entry) => entry.needs ?? []));
}
