// The personal data the time clock holds: each person's clocked entries (with who approved
// them), the events that made them (device and receive times) and the managers' edits. The
// hours feed payroll, so they are kept as payroll records.
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
  ],
};
