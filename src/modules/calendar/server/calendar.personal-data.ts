// The calendar module holds no personal data of its own: it shows other modules' records and keeps none.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const calendarPersonalData: PersonalDataDeclaration = { tables: [] };
