// The personal data the rota module holds: a person's shifts and shift swaps.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const rotasPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'rota_shifts',
      label: 'Shifts',
      subject: ['user_id'],
      actors: ['created_by'],
      kind: 'working-time',
      dateColumn: 'start_at',
      erase: 'delete',
    },
    {
      table: 'rota_swaps',
      label: 'Shift swaps',
      subject: ['offered_by', 'accepted_by'],
      actors: ['decided_by'],
      kind: 'working-time',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    { table: 'rota_templates', label: 'Rota templates written', actors: ['created_by'], kind: 'working-time', erase: 'keep' },
  ],
};
