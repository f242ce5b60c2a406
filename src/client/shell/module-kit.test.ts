// The client half of the module kit: a module's menu entry, settings page and dashboard card
// appear, in the product's order, once the module is in the list the shell collects from.
import { describe, expect, it } from 'vitest';
import { kitClientModule } from '../../../tests/support/kit-test-client-module';
import { clientModules } from '../modules';
import { collectWidgets, dashboardWidgets } from './dashboard/dashboard-widgets';
import { buildMenu, collectMenuEntries } from './menu/menu-registry';
import { menuContext, permission } from './menu/menu-test-context';
import { buildSettingsMenu, collectSettingsEntries } from './menu/settings-registry';

const withKit = [...clientModules, kitClientModule];

describe('a client module registered in the collector list', () => {
  it('adds its menu entry at its place in the product order', () => {
    const titles = (modules: typeof clientModules) => buildMenu(menuContext(), collectMenuEntries(modules)).map((item) => item.title);
    expect(titles(clientModules)).not.toContain('Kit Calendar');
    expect(titles(withKit)).toEqual(['Dashboard', 'Leave & Absences', 'Kit Calendar', 'Help/FAQ']);
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
      'needs-your-action',
      'leave-awaiting-me',
      'expenses-to-approve',
      'kit-card',
      'leave-my-balance',
      'leave-whos-off',
    ]);
  });
});
