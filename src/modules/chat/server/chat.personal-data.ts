// The personal data the chat module holds: a person's conversations with a support team, their
// messages and attachments (the administrators who answered are actors), and which teams an
// administrator answers for.
import type { PersonalDataDeclaration } from '../../../server/personal-data';

export const chatPersonalData: PersonalDataDeclaration = {
  tables: [
    {
      table: 'chat_conversations',
      label: 'Support chats',
      subject: ['user_id'],
      actors: ['assigned_to'],
      kind: 'communications',
      dateColumn: 'created_at',
      erase: 'delete',
    },
    {
      table: 'chat_messages',
      label: 'Support chat messages',
      via: { column: 'conversation_id', parent: 'chat_conversations' },
      actors: ['author_id'],
      files: ['file_id'],
      kind: 'communications',
      erase: 'delete',
    },
    {
      table: 'support_team_members',
      label: 'Support teams answered',
      subject: ['user_id'],
      kind: 'communications',
      erase: 'keep',
      inExport: false,
    },
  ],
};
