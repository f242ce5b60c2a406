// The personal data the noticeboard holds: which notices a person read and acknowledged.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const noticesPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'notice_receipts',
      label: 'Notices read and acknowledged',
      subject: ['user_id'],
      kind: 'communications',
      dateColumn: 'read_at',
      erase: 'delete',
    },
    { table: 'notices', label: 'Notices written', actors: ['created_by'], kind: 'communications', erase: 'keep' },
  ],
};
