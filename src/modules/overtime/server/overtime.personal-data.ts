// The personal data the overtime module holds: each person's overtime claims.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const overtimePersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'user_overtime',
      label: 'Overtime',
      subject: ['user_id'],
      actors: ['reported_by', 'decided_by'],
      kind: 'payroll',
      dateColumn: 'date',
      erase: 'delete',
    },
  ],
};
