// The personal data the time clock holds: each person's clocked entries (with who approved
// them), the events that made them (device and receive times) and the managers' edits. The
// hours feed payroll, so they are kept as payroll records. The position sent with an event (where
// the company records location) is kept only as long as the location kind says.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const timeClockPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'time_clock_entries',
      label: 'Clocked time',
      subject: ['user_id'],
      actors: ['approved_by'],
      kind: 'payroll',
      dateColumn: 'clock_in_at',
      erase: 'delete',
    },
    {
      table: 'time_clock_events',
      label: 'Clock events',
      subject: ['user_id'],
      kind: 'payroll',
      dateColumn: 'at',
      erase: 'delete',
    },
    {
      table: 'time_clock_edits',
      label: 'Clocked time edits',
      via: { column: 'entry_id', parent: 'time_clock_entries' },
      actors: ['edited_by'],
      kind: 'payroll',
      erase: 'delete',
    },
    {
      // Where the company records location: the phone's position with a clock event. Its
      // coordinates go at the end of the location kind's retention; the flag and the distance stay.
      table: 'time_clock_event_locations',
      label: 'Clock event locations',
      subject: ['user_id'],
      kind: 'location',
      dateColumn: 'recorded_at',
      erase: { anonymise: { latitude: null, longitude: null, accuracy_m: null } },
    },
  ],
};
