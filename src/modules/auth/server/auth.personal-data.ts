// The personal data the auth module holds: the account itself, department membership, sessions,
// sign-in codes and tokens, line managers and administrators' access requests.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const authPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'users',
      label: 'Account and profile',
      subject: ['id'],
      kind: 'account',
      files: ['profile_image_file_id'],
      // The row stays (other records and the headcount refer to it); who it was does not.
      erase: {
        anonymise: {
          first_name: 'Former',
          middle_names: null,
          surname: 'employee',
          email: 'former-{id}@anonymised.invalid',
          mobile: null,
          password_hash: null,
          status: 'terminated',
          profile_image_file_id: null,
          job_title: null,
          termination_notes: null,
          icalendar_token: null,
          two_factor_enabled: false,
        },
      },
    },
    { table: 'user_departments', label: 'Departments', subject: ['user_id'], kind: 'account', erase: 'keep' },
    {
      table: 'user_line_managers',
      label: 'Line managers',
      subject: ['user_id'],
      actors: ['manager_id'],
      kind: 'employment',
      erase: 'delete',
    },
    {
      table: 'sessions',
      label: 'Sign-in sessions',
      subject: ['user_id'],
      actors: ['impersonator_id'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    {
      table: 'two_factor_challenges',
      label: 'Sign-in codes',
      subject: ['user_id'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    {
      table: 'password_reset_tokens',
      label: 'Password resets',
      subject: ['user_id'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    { table: 'invitation_tokens', label: 'Invitations', subject: ['user_id'], kind: 'security', dateColumn: 'created_at', erase: 'delete' },
    {
      table: 'email_change_tokens',
      label: 'E-mail address changes',
      subject: ['user_id'],
      actors: ['requested_by'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    {
      table: 'impersonation_tokens',
      label: 'Support access tokens',
      subject: ['user_id'],
      kind: 'security',
      dateColumn: 'expires_at',
      erase: 'delete',
    },
    // An administrator's request to reach a company: the company's record of who looked, kept.
    {
      table: 'access_requests',
      label: 'Support access requests',
      subject: ['administrator_id'],
      actors: ['decided_by', 'ended_by'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'keep',
    },
  ],
};
