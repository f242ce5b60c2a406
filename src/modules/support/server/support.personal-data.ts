// The personal data the support module holds: a person's requests to be contacted, with the
// administrators' notes and replies on them.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const supportPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'contact_requests',
      label: 'Requests to be contacted',
      subject: ['user_id'],
      actors: ['assigned_to'],
      kind: 'communications',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    {
      table: 'contact_request_entries',
      label: 'Notes and replies on requests to be contacted',
      via: { column: 'contact_request_id', parent: 'contact_requests' },
      actors: ['author_id'],
      kind: 'communications',
      erase: 'delete',
    },
  ],
};
