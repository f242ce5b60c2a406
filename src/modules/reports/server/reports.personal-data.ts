// Report subscriptions name who set them up and who receives them: kept while they run.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const reportsPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'report_subscriptions',
      label: 'Report subscriptions',
      actors: ['created_by', 'recipient_ids'],
      kind: 'communications',
      erase: 'keep',
    },
  ],
};
