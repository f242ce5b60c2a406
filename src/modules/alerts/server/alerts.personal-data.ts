// Alerts name only their author (an administrator or owner): kept as the alert is.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const alertsPersonalData: PersonalDataDeclaration = {
  tables: [{ table: 'alerts', label: 'Alerts written', actors: ['created_by'], kind: 'communications', erase: 'keep' }],
};
