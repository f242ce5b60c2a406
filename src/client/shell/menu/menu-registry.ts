// The side menu of SPEC §2.4 as a registry (DESIGN §5): every entry with its route, title,
// icon and rules, and a `landed` flag its module turns on when its screens exist — an entry
// appears only then, never as an empty page. buildMenu turns the registry and the user's
// context into what the side menu shows.
import {
  IconAlertTriangle,
  IconBeach,
  IconBulb,
  IconCalendar,
  IconCalendarCog,
  IconCalendarTime,
  IconChartBar,
  IconChecklist,
  IconClipboardCheck,
  IconClockPlus,
  IconFileText,
  IconHelp,
  IconLayoutDashboard,
  IconMessage,
  IconReceipt,
  IconShieldCheck,
  IconSpeakerphone,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { holds, pendingCount, type MenuContext, type MenuNeed } from './menu-context';
import { documentsAreas, leaveBadge, leaveTarget, overtimeTarget, overtimeVisible } from './menu-rules';

/** The external help centre, opened in a new tab. */
export const HELP_FAQ_URL = 'https://help.stafflane.co.uk/';

/** link: a route of the app; external: a new tab; contact: opens the contact support modal. */
export type MenuEntryKind = 'link' | 'external' | 'contact';

export type MenuEntryDefinition = {
  key: string;
  title: string;
  icon: Icon;
  kind: MenuEntryKind;
  /** True once the entry's screen exists (a function when that depends on the session). */
  landed: boolean | ((context: MenuContext) => boolean);
  /** Data the rules read, loaded only for landed entries. */
  needs?: MenuNeed[];
  target: (context: MenuContext) => string;
  visible?: (context: MenuContext) => boolean;
  /** Restricted (docs-only) mode enables only the dashboard and the documents areas. */
  enabledWhenRestricted?: (context: MenuContext) => boolean;
  badge?: (context: MenuContext) => number;
};

export type MenuItem = {
  key: string;
  title: string;
  icon: Icon;
  kind: MenuEntryKind;
  href: string;
  badge: number;
  disabled: boolean;
};

/**
 * Pages that stand in for a SPEC route until its module lands: docs-only users already have
 * an HR documents area at /hr-documents (where the session guard sends them), so the HR
 * Documents entry of restricted mode opens it. The documents module removes this line.
 */
export const PLACEHOLDER_PAGES: Readonly<Record<string, string>> = { '/hr-documents/hr': '/hr-documents' };

const always = (target: string) => () => target;

export const MENU_ENTRIES: MenuEntryDefinition[] = [
  {
    key: 'dashboard',
    title: 'Dashboard',
    icon: IconLayoutDashboard,
    kind: 'link',
    landed: true,
    target: always('/'),
    enabledWhenRestricted: () => true,
  },
  {
    key: 'employees',
    title: 'Employees',
    icon: IconUsers,
    kind: 'link',
    landed: true,
    target: always('/employees'),
    visible: (context) => context.permissions.some((entry) => entry.endpoint === '/api/user-basic' && entry.method === 'GET'),
  },
  {
    key: 'leave',
    title: 'Leave & Absences',
    icon: IconBeach,
    kind: 'link',
    landed: true,
    needs: ['pending', 'companySettings'],
    target: leaveTarget,
    badge: leaveBadge,
  },
  {
    key: 'rota-shifts',
    title: 'My Rota Shifts',
    icon: IconCalendarTime,
    kind: 'link',
    landed: false,
    needs: ['companySettings'],
    target: always('/rotas/shifts'),
    visible: (context) => Boolean(context.companySettings?.rota_enabled),
  },
  {
    key: 'rota-admin',
    title: 'Rota Management',
    icon: IconCalendarCog,
    kind: 'link',
    landed: false,
    target: always('/rotas/admin'),
    visible: (context) => holds(context, '/api/rota'),
  },
  { key: 'calendar', title: 'Calendar', icon: IconCalendar, kind: 'link', landed: false, target: always('/calendar') },
  {
    key: 'overtime',
    title: 'Overtime',
    icon: IconClockPlus,
    kind: 'link',
    landed: false,
    needs: ['pending', 'companySettings', 'overtimeSettings'],
    target: overtimeTarget,
    visible: overtimeVisible,
    badge: (context) => pendingCount(context, 'user_overtime'),
  },
  {
    key: 'hr-documents',
    title: 'HR Documents',
    icon: IconFileText,
    kind: 'link',
    // Only restricted mode's area has a page so far (a placeholder, see PLACEHOLDER_PAGES).
    landed: (context) => context.restricted,
    needs: ['pending'],
    target: (context) => (context.restricted ? '/hr-documents/hr' : '/hr-documents/documents'),
    enabledWhenRestricted: (context) => documentsAreas(context).hr,
    badge: (context) => pendingCount(context, 'document'),
  },
  {
    key: 'hs-documents',
    title: 'H&S Documents',
    icon: IconShieldCheck,
    kind: 'link',
    landed: (context) => context.restricted,
    target: (context) => (context.restricted ? '/hs-documents/misc_docs' : '/hs-documents/documents'),
    enabledWhenRestricted: (context) => documentsAreas(context).hs,
  },
  {
    key: 'hr-tasks',
    title: 'HR Tasks',
    icon: IconChecklist,
    kind: 'link',
    landed: false,
    needs: ['pending'],
    target: always('/hr-tasks'),
    badge: (context) => pendingCount(context, 'hr_task'),
  },
  {
    key: 'hs-tasks',
    title: 'H&S Tasks',
    icon: IconClipboardCheck,
    kind: 'link',
    landed: false,
    needs: ['pending'],
    target: always('/hs-tasks'),
    badge: (context) => pendingCount(context, 'hs_task'),
  },
  { key: 'incident-logs', title: 'Incident Logs', icon: IconAlertTriangle, kind: 'link', landed: false, target: always('/incident-logs') },
  {
    key: 'expenses',
    title: 'Expenses',
    icon: IconReceipt,
    kind: 'link',
    landed: false,
    needs: ['pending'],
    target: always('/expenses'),
    badge: (context) => pendingCount(context, 'user_expense'),
  },
  { key: 'notices', title: 'Noticeboard', icon: IconSpeakerphone, kind: 'link', landed: false, target: always('/notices') },
  {
    key: 'reports',
    title: 'Reports',
    icon: IconChartBar,
    kind: 'link',
    landed: false,
    target: always('/reports'),
    visible: (context) => holds(context, '/api/absence-reports'),
  },
  {
    key: 'expert-articles',
    title: 'Expert Articles & Insights',
    icon: IconBulb,
    kind: 'link',
    landed: false,
    target: always('/expert-articles-and-insights'),
  },
  { key: 'help', title: 'Help/FAQ', icon: IconHelp, kind: 'external', landed: true, target: always(HELP_FAQ_URL) },
  {
    key: 'contact-us',
    title: 'Contact Us',
    icon: IconMessage,
    kind: 'contact',
    landed: true,
    target: always('#contact-us'),
    visible: (context) => holds(context, '/api/contact-us'),
  },
];

function isLanded(entry: MenuEntryDefinition, context: MenuContext): boolean {
  return typeof entry.landed === 'function' ? entry.landed(context) : entry.landed;
}

/** The side menu for `context`: landed, visible entries in SPEC order, disabled per restricted mode. */
export function buildMenu(context: MenuContext, entries: readonly MenuEntryDefinition[] = MENU_ENTRIES): MenuItem[] {
  return entries
    .filter((entry) => isLanded(entry, context) && (entry.visible?.(context) ?? true))
    .map((entry) => {
      const target = entry.target(context);
      return {
        key: entry.key,
        title: entry.title,
        icon: entry.icon,
        kind: entry.kind,
        href: PLACEHOLDER_PAGES[target] ?? target,
        badge: entry.badge?.(context) ?? 0,
        disabled: context.restricted && !(entry.enabledWhenRestricted?.(context) ?? false),
      };
    });
}

/** What the landed entries need loaded for `context` (the session part decides which have landed). */
export function menuNeeds(context: MenuContext, entries: readonly MenuEntryDefinition[] = MENU_ENTRIES): Set<MenuNeed> {
  return new Set(entries.filter((entry) => isLanded(entry, context)).flatMap((entry) => entry.needs ?? []));
}
