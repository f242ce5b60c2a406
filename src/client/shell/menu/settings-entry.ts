// The shape of a settings-menu entry and the product's order of the settings pages. A module
// declares the pages it owns in its client registration.
/** Every settings page, in the order the settings menu shows them. */
export const SETTINGS_ORDER = [
  '/settings/user-settings',
  '/settings/company-settings',
  '/settings/sign-in-security',
  '/settings/orders',
  '/settings/user-tags',
  '/settings/locations',
  '/settings/departments',
  '/settings/job-titles',
  '/settings/import-people',
  '/settings/absence-and-leave-settings',
  '/settings/employment-settings',
  '/settings/terms-and-conditions',
  '/settings/document-tags',
  '/settings/pay-rate-types',
  '/settings/custom-form-fields',
  '/settings/overtime',
  '/settings/payroll',
  '/settings/expense-settings',
  '/settings/data-protection',
  '/settings/personal-data-exports',
  '/settings/special-category-register',
] as const;
export type SettingsPath = (typeof SETTINGS_ORDER)[number];

export type SettingsEntryDefinition = {
  path: SettingsPath;
  label: string;
  /** Resources whose access shows the entry: any one of them. */
  resources: readonly string[];
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
