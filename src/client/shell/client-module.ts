// What a module's client part gives the shell. Each module exports one ClientModule from its
// client/<name>.module.ts; src/app/client/modules.ts lists them, and the side menu, the settings
// menu and the dashboard collect from that list. An entry exists only once its screen works.
import type { DashboardWidget } from './dashboard/dashboard-widget';
import type { MenuEntryDefinition } from './menu/menu-entry';
import type { SettingsEntryDefinition } from './menu/settings-entry';

export type ClientModule = {
  name: string;
  menu?: readonly MenuEntryDefinition[];
  settings?: readonly SettingsEntryDefinition[];
  widgets?: readonly DashboardWidget[];
};
