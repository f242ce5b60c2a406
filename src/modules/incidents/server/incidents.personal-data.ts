// The personal data the incidents module holds: the accident book (the injured person, their
// injury and treatment) and its files. An entry past its date is anonymised, not deleted, so
// the counts of accidents stay.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const incidentsPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'incidents',
      label: 'Accidents and incidents involving the person',
      subject: ['person_user_id'],
      actors: ['reported_by'],
      kind: 'accident',
      dateColumn: 'occurred_at',
      category: {
        type: 'special',
        columns: ['injury', 'body_part', 'treatment', 'occupational_disease'],
        what: 'Injuries, treatment and occupational disease',
        endpoints: ['/api/incident-log'],
        readActions: ['incident.read', 'incident.file_read', 'incident.exported'],
      },
      erase: { anonymise: { person_name: 'Anonymised', person_contact: null, witnesses: null } },
    },
    {
      table: 'incident_files',
      label: 'Incident files',
      via: { column: 'incident_id', parent: 'incidents' },
      actors: ['created_by'],
      files: ['file_id'],
      kind: 'accident',
      erase: 'delete',
    },
  ],
};
