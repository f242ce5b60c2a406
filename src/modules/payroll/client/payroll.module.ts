// What the payroll module gives the shell: its settings page (pay period and payroll contact).
// The review screens (/payroll) are reached from there and from the Overtime page.
import type { ClientModule } from '../../../client/shell/client-module';

export const payrollClientModule: ClientModule = {
  name: 'payroll',
  settings: [{ path: '/settings/payroll', label: 'Payroll', resources: ['payroll-settings'] }],
};
