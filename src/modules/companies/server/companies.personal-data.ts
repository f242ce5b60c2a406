// The personal data the companies module holds: who ordered seats or products for their company
// (an order is the company's record; the person is named on it), and the administrator who
// decided it. Kept with the company's payroll-related records for the invoices' sake.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const companiesPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'company_orders',
      label: 'Orders placed for the company',
      subject: ['ordered_by'],
      actors: ['decided_by'],
      kind: 'payroll',
      dateColumn: 'ordered_at',
      erase: 'keep',
    },
  ],
};
