// The pending counts hold no personal data of their own: they count other modules' records and keep none.
import type { PersonalDataDeclaration } from '../personal-data';

export const dashboardPersonalData: PersonalDataDeclaration = { tables: [] };
