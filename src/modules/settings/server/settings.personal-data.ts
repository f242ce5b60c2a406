// The settings module holds no personal data of its own: company-wide switches only; a person's own settings are the notifications' (src/server/notifications).
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const settingsPersonalData: PersonalDataDeclaration = { tables: [] };
