// The platform's personal data, declared here by the module that reads the declarations: the
// audit log (what a person did and what was done to their records), stored files (their
// uploader), cached answers to requests, and this module's own exports.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const privacyPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'audit_log',
      label: 'Audit entries by or about the person',
      subject: ['actor_id', 'target_id'],
      actors: ['impersonator_id'],
      kind: 'security',
      dateColumn: 'created_at',
      // Append-only: the application login may not change or delete an entry (migration 0005).
      erase: 'keep',
    },
    // A file's row goes with the record that names it; its uploader is kept as written.
    { table: 'files', label: 'Files uploaded', actors: ['created_by'], kind: 'security', erase: 'keep' },
    {
      table: 'idempotency_keys',
      label: 'Cached answers to requests',
      subject: ['user_id'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'delete',
      inExport: false,
    },
    {
      table: 'personal_data_exports',
      label: 'Exports of the person’s data',
      subject: ['user_id'],
      actors: ['requested_by'],
      kind: 'communications',
      dateColumn: 'created_at',
      erase: 'delete',
    },
  ],
};
