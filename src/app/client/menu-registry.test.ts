import { IconCalendar } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { badgeLabel } from '../../shared/constants';
import type { MenuContext } from '../../client/shell/menu/menu-context';
import type { MenuEntryDefinition } from '../../client/shell/menu/menu-entry';
import { buildMenu, HELP_FAQ_URL, collectMenuEntries, menuNeeds } from '../../client/shell/menu/menu-registry';
import { clientModules } from './modules';
import { menuContext, pending, permission } from '../../client/shell/menu/menu-test-context';

/** Every entry of the app's modules, as the shell collects them. */
const MENU_ENTRIES = collectMenuEntries(clientModules);

const titles = (context: MenuContext, entries: readonly MenuEntryDefinition[] = MENU_ENTRIES) =>
  buildMenu(context, entries).map((item) => item.title);
const item = (context: MenuContext, key: string) => buildMenu(context, MENU_ENTRIES).find((entry) => entry.key === key);

describe('side menu', () => {
  it('lists the registered entries in the product order: modules interleave with the shell', () => {
    const context = menuContext({ permissions: [permission('/api/user-basic'), permission('/api/contact-us')] });
    expect(titles(context)).toEqual([
      'Dashboard',
      'Employees',
      'Leave & Absences',
      'Calendar',
      'Expert Articles & Insights',
      'Help/FAQ',
      'Contact Us',
    ]);
  });

  it('orders a new module entry by its key, wherever its module is listed', () => {
    const calendar: MenuEntryDefinition = {
      key: 'calendar',
      title: 'Calendar',
      icon: IconCalendar,
      kind: 'link',
      target: () => '/calendar',
    };
    const entries = [...MENU_ENTRIES, calendar].sort(
      (a, b) => ['dashboard', 'leave', 'calendar', 'help'].indexOf(a.key) - ['dashboard', 'leave', 'calendar', 'help'].indexOf(b.key),
    );
    expect(titles(menuContext(), entries).indexOf('Calendar')).toBeGreaterThan(titles(menuContext(), entries).indexOf('Leave & Absences'));
  });

  it.each([
    ['Employees', 'reading user-basic', '/api/user-basic'],
    ['Contact Us', 'the contact-us permission', '/api/contact-us'],
  ])('shows %s only with %s', (title, _wording, endpoint) => {
    expect(titles(menuContext())).not.toContain(title);
    expect(titles(menuContext({ permissions: [permission(endpoint)] }))).toContain(title);
  });

  it('does not show Employees for write access alone', () => {
    expect(titles(menuContext({ permissions: [permission('/api/user-basic', 'PUT')] }))).not.toContain('Employees');
  });

  it('links each entry to its route', () => {
    const context = menuContext({ permissions: [permission('/api/user-basic'), permission('/api/contact-us')] });
    expect(item(context, 'dashboard')?.href).toBe('/');
    expect(item(context, 'employees')?.href).toBe('/employees');
    expect(item(context, 'leave')?.href).toBe('/leave-and-absences/timeline');
    expect(item(context, 'help')).toMatchObject({ kind: 'external', href: HELP_FAQ_URL });
    expect(item(context, 'contact-us')).toMatchObject({ kind: 'contact' });
  });

  it('badges the leave entry with pending absences, shown as "9+" above 9', () => {
    const badges = Object.fromEntries(
      buildMenu(menuContext({ pending: pending({ user_absence: 12 }) }), MENU_ENTRIES).map((e) => [e.key, e.badge]),
    );
    expect(badges).toMatchObject({ leave: 12, dashboard: 0 });
    expect(badgeLabel(badges.leave ?? 0)).toBe('9+');
  });

  it('loads only what registered entries need', () => {
    // Leave & Absences reads the pending counts and the return-to-work switch; Overtime also the user's overtime allowances.
    expect([...menuNeeds(MENU_ENTRIES)].sort()).toEqual(['companySettings', 'overtimeSettings', 'pending']);
  });
});

describe('restricted (docs-only) mode', () => {
  const enabledKeys = (context: MenuContext) =>
    buildMenu(context, MENU_ENTRIES)
      .filter((entry) => !entry.disabled)
      .map((entry) => entry.key);

  it('shows the documents areas and enables only them and the dashboard', () => {
    const context = menuContext({ restricted: true });
    expect(titles(context)).toEqual([
      'Dashboard',
      'Leave & Absences',
      'Calendar',
      'HR Documents',
      'H&S Documents',
      'Expert Articles & Insights',
      'Help/FAQ',
    ]);
    // Docs-only users with both document areas read the expert articles too.
    expect(enabledKeys(context)).toEqual(['dashboard', 'hr-documents', 'hs-documents', 'expert-articles']);
    expect(item(context, 'hr-documents')?.href).toBe('/hr-documents/hr');
    expect(item(context, 'hs-documents')?.href).toBe('/hs-documents/misc_docs');
  });

  it('lets the hr_client and hs_client flags decide which documents area is enabled', () => {
    expect(enabledKeys(menuContext({ restricted: true, hrClient: true, hsClient: false }))).toEqual(['dashboard', 'hr-documents']);
    expect(enabledKeys(menuContext({ restricted: true, hrClient: false, hsClient: true }))).toEqual(['dashboard', 'hs-documents']);
  });

  it('disables nothing outside restricted mode, and shows the areas only to those who read documents', () => {
    const items = buildMenu(menuContext(), MENU_ENTRIES);
    expect(items.filter((entry) => entry.disabled)).toEqual([]);
    expect(items.map((entry) => entry.key)).not.toContain('hr-documents');
    const reader = buildMenu(menuContext({ permissions: [permission('/api/document')] }), MENU_ENTRIES);
    expect(reader.find((entry) => entry.key === 'hr-documents')?.href).toBe('/hr-documents/documents');
    expect(reader.find((entry) => entry.key === 'hs-documents')?.href).toBe('/hs-documents/documents');
  });
});
