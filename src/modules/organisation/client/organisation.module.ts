// What the organisation module gives the shell: the settings pages of the company's lists, and
// the iCal feed's section of My settings.
import type { ClientModule } from '../../../client/shell/client-module';
import { IcalFeedSection } from './ical-feed-section';

export const organisationClientModule: ClientModule = {
  name: 'organisation',
  settings: [
    { path: '/settings/company-settings', label: 'Company Settings', resources: ['company-settings'], needsWrite: true },
    { path: '/settings/user-tags', label: 'Employee Tags', resources: ['users'] },
    { path: '/settings/locations', label: 'Locations', resources: ['company-location'] },
    { path: '/settings/departments', label: 'Departments', resources: ['departments'] },
    { path: '/settings/job-titles', label: 'Job Titles', resources: ['company-position'] },
    {
      path: '/settings/employment-settings',
      label: 'Employment Settings',
      resources: ['working-pattern-templates', 'contract-type', 'termination-reason'],
    },
    { path: '/settings/terms-and-conditions', label: 'Terms and Conditions', resources: ['terms-and-conditions'] },
    { path: '/settings/pay-rate-types', label: 'Pay Rate Types', resources: ['company-pay-rate-type'], needsRota: true },
    { path: '/settings/custom-form-fields', label: 'Custom Form Fields', resources: ['custom-form-fields'] },
  ],
  userSettings: [{ key: 'ical-feed', title: 'iCal feed', component: IcalFeedSection }],
};
