// The client half of the module kit: a module's menu entry, settings page and dashboard card
// appear, in the product's order, once the module is in the list the shell collects from.
import { describe, expect, it } from 'vitest';
import { kitClientModule } from '../../../tests/support/kit-test-client-module';
import { clientModules } from './modules';
import { collectWidgets, dashboardWidgets } from '../../client/shell/dashboard/dashboard-widgets';
import { buildMenu, collectMenuEntries } from '../../client/shell/menu/menu-registry';
import { menuContext, permission } from '../../client/shell/menu/menu-test-context';
import { buildSettingsMenu, collectSettingsEntries } from '../../client/shell/menu/settings-registry';

// Every key of the product's menu is taken: the kit's entry takes the calendar's place.
const withKit = [
  ...clientModules.map((module) => ({ ...module, menu: module.menu?.filter((entry) => entry.key !== 'calendar') })),
  kitClientModule,
];

describe('a client module registered in the collector list', () => {
  it('adds its menu entry at its place in the product order', () => {
    const titles = (modules: typeof clientModules) => buildMenu(menuContext(), collectMenuEntries(modules)).map((item) => item.title);
    expect(titles(clientModules)).not.toContain('Kit Calendar');
    expect(titles(withKit)).toEqual(['Dashboard', 'Leave & Absences', 'Kit Calendar', 'Expert Articles & Insights', 'Help/FAQ']);
  });

  it('adds its settings page for those with access to its resource', () => {
    const context = menuContext({ permissions: [permission('/api/kit-notes'), permission('/api/user-settings')] });
    expect(buildSettingsMenu(context, collectSettingsEntries(withKit))).toEqual([
      { path: '/settings/user-settings', label: 'User Settings' },
      { path: '/settings/orders', label: 'Kit Orders' },
    ]);
  });

  it('adds its dashboard card in its order', () => {
    expect(dashboardWidgets(false, collectWidgets(withKit)).map((widget) => widget.key)).toEqual([
      'alerts',
      'time-clock',
      'setup-checklist',
      'needs-your-action',
      'notices-unread',
      'tasks-mine',
      'documents-to-do',
      'leave-awaiting-me',
      'expenses-to-approve',
      'kit-card',
      'leave-my-balance',
      'in-now',
      'leave-whos-off',
      'latest-articles',
    ]);
  });
});
