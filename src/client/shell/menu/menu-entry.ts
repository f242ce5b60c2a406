// The shape of a side-menu entry and the product's order of entries. A module declares its
// entries (title, icon, target, rules) in its client registration; the order is the
// product's, kept here so that entries from different modules interleave correctly.
import type { Icon } from '@tabler/icons-react';
import type { MenuContext, MenuNeed } from './menu-context';

/** Every side-menu entry's key, in the order the menu shows them. */
export const MENU_ORDER = [
  'dashboard',
  'employees',
  'leave',
  'rota-shifts',
  'rota-admin',
  'timesheets',
  'calendar',
  'overtime',
  'hr-documents',
  'hs-documents',
  'hr-tasks',
  'hs-tasks',
  'incident-logs',
  'expenses',
  'notices',
  'reports',
  'expert-articles',
  'help',
  'contact-us',
] as const;
export type MenuKey = (typeof MENU_ORDER)[number];

/** link: a route of the app; external: a new tab; contact: opens the contact support modal. */
export type MenuEntryKind = 'link' | 'external' | 'contact';

export type MenuEntryDefinition = {
  key: MenuKey;
  title: string;
  icon: Icon;
  kind: MenuEntryKind;
  /** Data the rules read; loaded only when an entry that needs it is registered. */
  needs?: MenuNeed[];
  target: (context: MenuContext) => string;
  visible?: (context: MenuContext) => boolean;
  /** Restricted (docs-only) mode enables only the dashboard and the documents areas. */
  enabledWhenRestricted?: (context: MenuContext) => boolean;
  badge?: (context: MenuContext) => number;
};
