// The dashboard module holds no personal data of its own: it counts other modules' records and keeps none.
import type { PersonalDataDeclaration } from '../personal-data';

export const dashboardPersonalData: PersonalDataDeclaration = { tables: [] };
