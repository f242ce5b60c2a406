import { describe, expect, it } from 'vitest';
import { badgeLabel } from '../../../shared/constants';
import type { MenuContext } from './menu-context';
import { buildMenu, HELP_FAQ_URL, MENU_ENTRIES, menuNeeds, type MenuEntryDefinition } from './menu-registry';
import { menuContext, pending, permission } from './menu-test-context';

// Every entry as if its module had landed, to test the rules of SPEC §2.4 one by one.
const ALL_LANDED: MenuEntryDefinition[] = MENU_ENTRIES.map((entry) => ({ ...entry, landed: true }));
const titles = (context: MenuContext, entries = ALL_LANDED) => buildMenu(context, entries).map((item) => item.title);
const item = (context: MenuContext, key: string) => buildMenu(context, ALL_LANDED).find((entry) => entry.key === key);

describe('side menu entries (SPEC §2.4)', () => {
  it('lists every entry in SPEC order for a user allowed everything', () => {
    const context = menuContext({
      permissions: ['/api/user-basic', '/api/rota', '/api/approve-overtime', '/api/absence-reports', '/api/contact-us'].map((e) =>
        permission(e),
      ),
      companySettings: { return_to_work_enabled: true, rota_enabled: true, overtime_enabled: true },
    });
    expect(titles(context)).toEqual([
      'Dashboard',
      'Employees',
      'Leave & Absences',
      'My Rota Shifts',
      'Rota Management',
      'Calendar',
      'Overtime',
      'HR Documents',
      'H&S Documents',
      'HR Tasks',
      'H&S Tasks',
      'Incident Logs',
      'Expenses',
      'Noticeboard',
      'Reports',
      'Expert Articles & Insights',
      'Help/FAQ',
      'Contact Us',
    ]);
  });

  it.each([
    ['Employees', 'the user-basic permission', '/api/user-basic'],
    ['Rota Management', 'the rota permission', '/api/rota'],
    ['Reports', 'the absence-reports permission', '/api/absence-reports'],
    ['Contact Us', 'the contact-us permission', '/api/contact-us'],
  ])('shows %s only with %s', (title, _wording, endpoint) => {
    expect(titles(menuContext())).not.toContain(title);
    expect(titles(menuContext({ permissions: [permission(endpoint)] }))).toContain(title);
  });

  it('shows My Rota Shifts only when rota is enabled for the company', () => {
    expect(titles(menuContext())).not.toContain('My Rota Shifts');
    expect(titles(menuContext({ companySettings: null }))).not.toContain('My Rota Shifts');
    const rota = { return_to_work_enabled: false, rota_enabled: true, overtime_enabled: false };
    expect(titles(menuContext({ companySettings: rota }))).toContain('My Rota Shifts');
  });

  it('links each entry to its route', () => {
    const context = menuContext();
    expect(item(context, 'dashboard')?.href).toBe('/');
    expect(item(context, 'calendar')?.href).toBe('/calendar');
    expect(item(context, 'hr-documents')?.href).toBe('/hr-documents/documents');
    expect(item(context, 'hs-documents')?.href).toBe('/hs-documents/documents');
    expect(item(context, 'notices')?.href).toBe('/notices');
    expect(item(context, 'expert-articles')?.href).toBe('/expert-articles-and-insights');
    expect(item(context, 'help')).toMatchObject({ kind: 'external', href: HELP_FAQ_URL });
  });

  it('uses the restricted documents routes in restricted mode', () => {
    const context = menuContext({ restricted: true });
    // /hr-documents/hr is served by the placeholder page at /hr-documents until the documents module lands.
    expect(item(context, 'hr-documents')?.href).toBe('/hr-documents');
    expect(item(context, 'hs-documents')?.href).toBe('/hs-documents/misc_docs');
  });

  it('badges the leave entry with pending absences and the task, expense, overtime and document entries with theirs', () => {
    const context = menuContext({
      permissions: [permission('/api/approve-overtime')],
      companySettings: { return_to_work_enabled: false, rota_enabled: false, overtime_enabled: true },
      pending: pending({ user_absence: 12, hr_task: 1, hs_task: 2, user_expense: 3, user_overtime: 4, document: 5 }),
    });
    const badges = Object.fromEntries(buildMenu(context, ALL_LANDED).map((entry) => [entry.key, entry.badge]));
    expect(badges).toMatchObject({ leave: 12, 'hr-tasks': 1, 'hs-tasks': 2, expenses: 3, overtime: 4, 'hr-documents': 5, calendar: 0 });
    expect(badgeLabel(badges.leave ?? 0)).toBe('9+');
  });
});

describe('restricted (docs-only) mode (SPEC §2.4, §6)', () => {
  const disabledKeys = (context: MenuContext) =>
    buildMenu(context, ALL_LANDED)
      .filter((entry) => entry.disabled)
      .map((entry) => entry.key);
  const enabledKeys = (context: MenuContext) =>
    buildMenu(context, ALL_LANDED)
      .filter((entry) => !entry.disabled)
      .map((entry) => entry.key);

  it('enables only the dashboard and the documents areas', () => {
    expect(enabledKeys(menuContext({ restricted: true }))).toEqual(['dashboard', 'hr-documents', 'hs-documents']);
    expect(disabledKeys(menuContext({ restricted: true }))).toContain('calendar');
  });

  it('lets the hr_client and hs_client flags decide which documents area is enabled', () => {
    expect(enabledKeys(menuContext({ restricted: true, hrClient: true, hsClient: false }))).toEqual(['dashboard', 'hr-documents']);
    expect(enabledKeys(menuContext({ restricted: true, hrClient: false, hsClient: true }))).toEqual(['dashboard', 'hs-documents']);
  });

  it('disables nothing outside restricted mode', () => {
    expect(disabledKeys(menuContext())).toEqual([]);
  });
});

describe('landed modules (DESIGN §5)', () => {
  it('shows only entries whose screens exist: today the dashboard, Employees, Leave & Absences, Help/FAQ and Contact Us', () => {
    const context = menuContext({ permissions: [permission('/api/user-basic'), permission('/api/contact-us')] });
    expect(titles(context, MENU_ENTRIES)).toEqual(['Dashboard', 'Employees', 'Leave & Absences', 'Help/FAQ', 'Contact Us']);
    // SPEC §2.4's user-basic permission is reading it.
    expect(titles(menuContext({ permissions: [permission('/api/user-basic', 'PUT')] }), MENU_ENTRIES)).not.toContain('Employees');
  });

  it('shows the documents areas to docs-only users, whose placeholder pages exist', () => {
    expect(titles(menuContext({ restricted: true }), MENU_ENTRIES)).toEqual([
      'Dashboard',
      'Leave & Absences',
      'HR Documents',
      'H&S Documents',
      'Help/FAQ',
    ]);
  });

  it('loads only what landed entries need', () => {
    // Leave & Absences reads the pending counts and the return-to-work switch.
    expect([...menuNeeds(menuContext(), MENU_ENTRIES)].sort()).toEqual(['companySettings', 'pending']);
    expect([...menuNeeds(menuContext(), ALL_LANDED)].sort()).toEqual(['companySettings', 'overtimeSettings', 'pending']);
  });
});
