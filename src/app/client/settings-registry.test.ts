import { describe, expect, it } from 'vitest';
import { menuContext, permission } from '../../client/shell/menu/menu-test-context';
import { buildSettingsMenu, collectSettingsEntries } from '../../client/shell/menu/settings-registry';
import { clientModules } from './modules';

/** Every entry of the app's modules, as the shell collects them. */
const SETTINGS_ENTRIES = collectSettingsEntries(clientModules);

const ALL_LANDED = SETTINGS_ENTRIES;
const everything = [
  ...SETTINGS_ENTRIES.flatMap((entry) => entry.resources).map((resource) => permission(`/api/${resource}`)),
  permission('/api/company-settings', 'PUT'),
];
const rotaOn = { return_to_work_enabled: false, rota_enabled: true, overtime_enabled: false };

describe('settings menu', () => {
  it('has the registered pages with their labels, in the product order', () => {
    const menu = buildSettingsMenu(menuContext({ permissions: everything, companySettings: rotaOn }), ALL_LANDED);
    expect(menu).toEqual([
      { path: '/settings/user-settings', label: 'User Settings' },
      { path: '/settings/company-settings', label: 'Company Settings' },
      { path: '/settings/sign-in-security', label: 'Sign-in security' },
      { path: '/settings/orders', label: 'Orders' },
      { path: '/settings/user-tags', label: 'Employee Tags' },
      { path: '/settings/locations', label: 'Locations' },
      { path: '/settings/departments', label: 'Departments' },
      { path: '/settings/job-titles', label: 'Job Titles' },
      { path: '/settings/import-people', label: 'Import people' },
      { path: '/settings/absence-and-leave-settings', label: 'Leave & Absence Settings' },
      { path: '/settings/employment-settings', label: 'Employment Settings' },
      { path: '/settings/terms-and-conditions', label: 'Terms and Conditions' },
      { path: '/settings/pay-rate-types', label: 'Pay Rate Types' },
      { path: '/settings/custom-form-fields', label: 'Custom Form Fields' },
      { path: '/settings/overtime', label: 'Overtime' },
      { path: '/settings/payroll', label: 'Payroll' },
      { path: '/settings/expense-settings', label: 'Expense Settings' },
      { path: '/settings/data-protection', label: 'Data Protection' },
      { path: '/settings/personal-data-exports', label: 'Personal Data Exports' },
      { path: '/settings/special-category-register', label: 'Special-Category Register' },
    ]);
  });

  it.each([
    ['/settings/user-settings', ['user-settings']],
    ['/settings/user-tags', ['users']],
    ['/settings/locations', ['company-location']],
    ['/settings/departments', ['departments']],
    ['/settings/job-titles', ['company-position']],
    ['/settings/import-people', ['people-import']],
    ['/settings/absence-and-leave-settings', ['absence-policy-template', 'blocked-date-period', 'leave-type']],
    ['/settings/employment-settings', ['working-pattern-templates', 'contract-type', 'termination-reason']],
    ['/settings/terms-and-conditions', ['terms-and-conditions']],
    ['/settings/custom-form-fields', ['custom-form-fields']],
    ['/settings/expense-settings', ['expense-type']],
    ['/settings/personal-data-exports', ['personal-data-exports']],
  ])('shows %s with access to any of %o', (path, resources) => {
    const paths = (permissions: ReturnType<typeof permission>[]) =>
      buildSettingsMenu(menuContext({ permissions }), ALL_LANDED).map((entry) => entry.path);
    expect(paths([])).not.toContain(path);
    for (const resource of resources) expect(paths([permission(`/api/${resource}`)])).toEqual([path]);
    // Write access alone is not access to the page.
    expect(paths([permission(`/api/${resources[0]}`, 'PUT')])).toEqual([]);
  });

  it('shows company settings to those who may change them, not to everyone who reads the switches', () => {
    const paths = (permissions: ReturnType<typeof permission>[]) =>
      buildSettingsMenu(menuContext({ permissions }), ALL_LANDED).map((entry) => entry.path);
    expect(paths([permission('/api/company-settings')])).toEqual([]);
    expect(paths([permission('/api/company-settings', 'PUT')])).toEqual(['/settings/company-settings']);
  });

  it('shows pay rate types with access to company-pay-rate-type only when rota is enabled', () => {
    const permissions = [permission('/api/company-pay-rate-type')];
    expect(buildSettingsMenu(menuContext({ permissions }), ALL_LANDED)).toEqual([]);
    expect(buildSettingsMenu(menuContext({ permissions, companySettings: rotaOn }), ALL_LANDED)).toEqual([
      { path: '/settings/pay-rate-types', label: 'Pay Rate Types' },
    ]);
  });

  it('keeps only user settings in restricted mode, if permitted', () => {
    const context = menuContext({ permissions: everything, companySettings: rotaOn, restricted: true });
    expect(buildSettingsMenu(context, ALL_LANDED)).toEqual([{ path: '/settings/user-settings', label: 'User Settings' }]);
    expect(buildSettingsMenu(menuContext({ restricted: true }), ALL_LANDED)).toEqual([]);
  });
});
