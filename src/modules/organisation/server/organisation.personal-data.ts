// The organisation module holds no personal data of its own: departments, locations and the chart read the employees module's records.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const organisationPersonalData: PersonalDataDeclaration = { tables: [] };
