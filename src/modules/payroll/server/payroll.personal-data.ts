// The personal data the payroll module holds: each person's lines of a pay period; the
// periods and sends name only who exported and sent them.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const payrollPersonalData: PersonalDataDeclaration = {
  tables: [
    { table: 'payroll_items', label: 'Payroll lines', subject: ['user_id'], kind: 'payroll', dateColumn: 'item_date', erase: 'delete' },
    { table: 'payroll_periods', label: 'Pay periods exported', actors: ['exported_by'], kind: 'payroll', erase: 'keep' },
    { table: 'payroll_sends', label: 'Payroll sent to the bureau', actors: ['sent_by'], kind: 'payroll', erase: 'keep' },
  ],
};
