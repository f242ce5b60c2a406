// The settings menu of SPEC §2.5 as a registry (DESIGN §5): the thirteen routes with their
// labels, each shown when the user has access to its resources (SPEC §6) — any of them, for
// the pages that gather several — and its screen has landed. Restricted (docs-only) mode
// keeps only user settings.
import type { MenuContext, MenuNeed } from './menu-context';

export type SettingsEntryDefinition = {
  path: string;
  label: string;
  /** SPEC §6 resources; access to any one of them shows the entry. */
  resources: readonly string[];
  landed: boolean;
  /** Pay rate types also need rota enabled for the company. */
  needsRota?: boolean;
  /**
   * Company settings: every user reads the company's switches (the menu depends on them), so
   * reading is not access to the page; changing them is.
   */
  needsWrite?: boolean;
  /** The one page restricted mode keeps. */
  allowedWhenRestricted?: boolean;
};

export const SETTINGS_ENTRIES: SettingsEntryDefinition[] = [
  { path: '/settings/user-settings', label: 'User Settings', resources: ['user-settings'], landed: true, allowedWhenRestricted: true },
  { path: '/settings/company-settings', label: 'Company Settings', resources: ['company-settings'], landed: true, needsWrite: true },
  { path: '/settings/orders', label: 'Orders', resources: ['orders'], landed: false },
  { path: '/settings/user-tags', label: 'Employee Tags', resources: ['users'], landed: true },
  { path: '/settings/locations', label: 'Locations', resources: ['company-location'], landed: true },
  { path: '/settings/departments', label: 'Departments', resources: ['departments'], landed: true },
  { path: '/settings/job-titles', label: 'Job Titles', resources: ['company-position'], landed: true },
  {
    path: '/settings/absence-and-leave-settings',
    label: 'Leave & Absence Settings',
    resources: ['absence-policy-template', 'blocked-date-period', 'leave-type'],
    landed: true,
  },
  {
    path: '/settings/employment-settings',
    label: 'Employment Settings',
    resources: ['working-pattern-templates', 'contract-type', 'termination-reason'],
    landed: true,
  },
  { path: '/settings/terms-and-conditions', label: 'Terms and Conditions', resources: ['terms-and-conditions'], landed: true },
  { path: '/settings/document-tags', label: 'Document Tags', resources: ['document'], landed: false },
  { path: '/settings/pay-rate-types', label: 'Pay Rate Types', resources: ['company-pay-rate-type'], landed: true, needsRota: true },
  { path: '/settings/custom-form-fields', label: 'Custom Form Fields', resources: ['custom-form-fields'], landed: true },
];

/** Access to a resource of SPEC §6: permission to read it (GET /api/{resource}), or to change it, at any scope. */
export function hasAccess(context: Pick<MenuContext, 'permissions'>, resource: string, method: 'GET' | 'PUT' = 'GET'): boolean {
  return context.permissions.some((entry) => entry.endpoint === `/api/${resource}` && entry.method === method);
}

export function settingsEntryVisible(entry: SettingsEntryDefinition, context: MenuContext): boolean {
  if (context.restricted && !entry.allowedWhenRestricted) return false;
  if (entry.needsRota && !context.companySettings?.rota_enabled) return false;
  return entry.resources.some((resource) => hasAccess(context, resource, entry.needsWrite ? 'PUT' : 'GET'));
}

/** The settings menu for `context`: landed entries the user may open, in SPEC order. */
export function buildSettingsMenu(
  context: MenuContext,
  entries: readonly SettingsEntryDefinition[] = SETTINGS_ENTRIES,
): { path: string; label: string }[] {
  return entries.filter((entry) => entry.landed && settingsEntryVisible(entry, context)).map(({ path, label }) => ({ path, label }));
}

export function settingsNeeds(entries: readonly SettingsEntryDefinition[] = SETTINGS_ENTRIES): Set<MenuNeed> {
  return new Set(entries.some((entry) => entry.landed && entry.needsRota) ? (['companySettings'] as const) : []);
}
