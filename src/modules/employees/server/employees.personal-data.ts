// The personal data the employees module holds: the profile's records (personal and contact
// details, next of kin, employment, contracts, job history, pay, working patterns, right to
// work, notes, tags and custom fields).
import type { PersonalDataDeclaration } from '../../../server/personal-data';

const own = (table: string, label: string, kind: 'account' | 'employment' = 'employment') =>
  ({ table, label, subject: ['user_id'], kind, erase: 'delete' }) as const;

export const employeesPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'user_personal_details',
      label: 'Personal details',
      subject: ['user_id'],
      kind: 'account',
      category: {
        type: 'special',
        columns: ['ethnicity', 'health_notes'],
        what: 'Ethnicity and health notes (and bank details and NI number, which are not special-category but sensitive)',
        endpoints: ['/api/user-special-category'],
        readActions: ['user_personal_details.read'],
      },
      erase: 'delete',
    },
    own('user_contact_details', 'Contact details', 'account'),
    own('user_next_of_kin', 'Next of kin', 'account'),
    own('user_about_me', 'About me', 'account'),
    own('user_bank_holiday_regions', 'Bank holiday region', 'account'),
    own('user_custom_field_values', 'Custom fields', 'account'),
    own('user_user_tags', 'Tags', 'account'),
    // Start and leaving dates stay (the headcount and turnover reports count them); the employee number goes.
    {
      table: 'user_employment_details',
      label: 'Employment details',
      subject: ['user_id'],
      kind: 'employment',
      erase: { anonymise: { employee_number: null } },
    },
    { table: 'user_contracts', label: 'Contracts', subject: ['user_id'], kind: 'employment', files: ['file_id'], erase: 'delete' },
    own('user_job_titles', 'Job history'),
    own('user_pay_rates', 'Pay rates'),
    own('user_working_patterns', 'Working patterns'),
    {
      table: 'user_work_permits',
      label: 'Right-to-work checks',
      subject: ['user_id'],
      actors: ['checked_by_id'],
      kind: 'right-to-work',
      erase: 'delete',
    },
    {
      table: 'user_notes',
      label: 'Notes about the person',
      subject: ['user_id'],
      actors: ['author_id'],
      kind: 'employment',
      erase: 'delete',
    },
    { table: 'company_notes', label: 'Company notes written', actors: ['author_id'], kind: 'employment', erase: 'keep' },
  ],
};
