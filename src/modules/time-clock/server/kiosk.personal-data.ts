// The personal data the kiosk holds: each person's kiosk PIN (its scrypt hash only, a credential
// like a password's, so not copied into an export), the PIN attempts made on a tablet (kept as
// sign-in records are), and who set up or revoked a kiosk.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const kioskPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'time_clock_pins',
      label: 'Kiosk PIN',
      subject: ['user_id'],
      actors: ['set_by'],
      kind: 'security',
      dateColumn: 'updated_at',
      erase: 'delete',
      inExport: false,
    },
    {
      table: 'time_clock_kiosk_attempts',
      label: 'Kiosk PIN attempts',
      subject: ['user_id'],
      kind: 'security',
      dateColumn: 'at',
      erase: 'delete',
    },
    {
      table: 'time_clock_kiosks',
      label: 'Time clock kiosks set up',
      actors: ['created_by', 'revoked_by'],
      kind: 'security',
      dateColumn: 'created_at',
      erase: 'keep',
    },
  ],
};
