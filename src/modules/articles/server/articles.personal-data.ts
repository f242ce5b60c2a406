// Articles name only their author (an administrator): kept as the article is.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const articlesPersonalData: PersonalDataDeclaration = {
  tables: [{ table: 'articles', label: 'Articles written', actors: ['created_by'], kind: 'communications', erase: 'keep' }],
};
