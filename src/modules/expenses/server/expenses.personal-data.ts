// The personal data the expenses module holds: a person's claims, their items, receipts and history.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

const ofClaim = { column: 'claim_id', parent: 'expense_claims' };

export const expensesPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'expense_claims',
      label: 'Expense claims',
      subject: ['user_id'],
      actors: ['decided_by'],
      kind: 'payroll',
      dateColumn: 'last_date',
      erase: 'delete',
    },
    { table: 'expense_items', label: 'Expense items', via: ofClaim, kind: 'payroll', erase: 'delete' },
    { table: 'expense_receipts', label: 'Receipts', via: ofClaim, files: ['file_id'], kind: 'payroll', erase: 'delete' },
    { table: 'expense_claim_events', label: 'Expense claim history', via: ofClaim, actors: ['actor_id'], kind: 'payroll', erase: 'delete' },
  ],
};
