// The settings menu: every registered module's settings pages in the product's order, each
// shown when the user has access to its resources — any of them, for the pages that gather
// several. Restricted (docs-only) mode keeps only user settings.
import { useMemo } from 'react';
import type { ClientModule } from '../client-module';
import { useClientModules } from '../client-modules';
import type { MenuContext, MenuNeed } from './menu-context';
import { SETTINGS_ORDER, type SettingsEntryDefinition } from './settings-entry';

const rank = (entry: SettingsEntryDefinition) => SETTINGS_ORDER.indexOf(entry.path);

/** The settings pages of `modules`, in menu order. */
export function collectSettingsEntries(modules: readonly ClientModule[]): SettingsEntryDefinition[] {
  return modules.flatMap((module) => module.settings ?? []).sort((a, b) => rank(a) - rank(b));
}

/** The settings pages of the app's modules. */
export function useSettingsEntries(): SettingsEntryDefinition[] {
  const modules = useClientModules();
  return useMemo(() => collectSettingsEntries(modules), [modules]);
}

/** Access to a resource: permission to read it (GET /api/{resource}), or to change it, at any scope. */
export function hasAccess(context: Pick<MenuContext, 'permissions'>, resource: string, method: 'GET' | 'PUT' = 'GET'): boolean {
  return context.permissions.some((entry) => entry.endpoint === `/api/${resource}` && entry.method === method);
}

export function settingsEntryVisible(entry: SettingsEntryDefinition, context: MenuContext): boolean {
  if (context.restricted && !entry.allowedWhenRestricted) return false;
  if (entry.needsRota && !context.companySettings?.rota_enabled) return false;
  return entry.resources.some((resource) => hasAccess(context, resource, entry.needsWrite ? 'PUT' : 'GET'));
}

/** The settings menu for `context`: the entries the user may open, in menu order. */
export function buildSettingsMenu(context: MenuContext, entries: readonly SettingsEntryDefinition[]): { path: string; label: string }[] {
  return entries.filter((entry) => settingsEntryVisible(entry, context)).map(({ path, label }) => ({ path, label }));
}

export function settingsNeeds(entries: readonly SettingsEntryDefinition[]): Set<MenuNeed> {
  return new Set(entries.some((entry) => entry.needsRota) ? (['companySettings'] as const) : []);
}
