// What the privacy module gives the shell: three settings pages — the personal data exports,
// the data-protection settings with the retention schedule, and the special-category register.
import type { ClientModule } from '../../../client/shell/client-module';

export const privacyClientModule: ClientModule = {
  name: 'privacy',
  settings: [
    { path: '/settings/personal-data-exports', label: 'Personal Data Exports', resources: ['personal-data-exports'] },
    { path: '/settings/data-protection', label: 'Data Protection', resources: ['data-protection'] },
    { path: '/settings/special-category-register', label: 'Special-Category Register', resources: ['data-protection'] },
  ],
};
