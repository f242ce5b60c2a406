// The chat's demo (after support): the administrator Ada answers for all three teams; Ella
// had a chat with the support team last week about her password (ended), and the owner, an
// authorised contact, asked the HR advice team about a flexible-working request yesterday
// (still open, Ada's reply unread). Written once.
import type { Trx } from '../../../server/db/database';
import { addTeamMember, insertConversation, insertMessage, updateConversation } from './chat.queries';

const HOUR = 60 * 60 * 1000;

export async function seedChatDemo(
  trx: Trx,
  input: { companyId: string; accounts: Readonly<Record<string, string>>; now?: Date },
): Promise<void> {
  const admin = input.accounts['admin@stafflane.test'];
  const ella = input.accounts['employee@demo.test'];
  const owner = input.accounts['owner@demo.test'];
  if (!admin || !ella || !owner) return;
  for (const team of ['support', 'hr', 'hs'] as const) await addTeamMember(trx, { userId: admin, team });
  const exists = await trx.selectFrom('chat_conversations').select('id').where('company_id', '=', input.companyId).executeTakeFirst();
  if (exists) return;
  const now = input.now ?? new Date();
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  const past = await insertConversation(trx, { companyId: input.companyId, userId: ella, team: 'support', createdAt: at(24 * 6) });
  const lines: [string, 'person' | 'team', string][] = [
    [ella, 'person', 'Hello, I changed phones and the app no longer asks for my two-factor code. What should I do?'],
    [
      admin,
      'team',
      'Hi Ella, Ada here from the support team. Sign in, then open My profile → Security and choose "Set up two-factor again".',
    ],
    [ella, 'person', 'That worked, thank you!'],
  ];
  for (const [index, [author, side, body]] of lines.entries()) {
    await insertMessage(trx, {
      conversationId: past.id,
      companyId: input.companyId,
      authorId: author,
      side,
      body,
      createdAt: at(24 * 6 - index * 0.1),
    });
  }
  await updateConversation(trx, past.id, { status: 'closed', assigned_to: admin, closed: true });

  const open = await insertConversation(trx, { companyId: input.companyId, userId: owner, team: 'hr', createdAt: at(20) });
  await insertMessage(trx, {
    conversationId: open.id,
    companyId: input.companyId,
    authorId: owner,
    side: 'person',
    body: 'One of our kitchen staff has asked for flexible working. How long do we have to reply?',
    createdAt: at(20),
  });
  await insertMessage(trx, {
    conversationId: open.id,
    companyId: input.companyId,
    authorId: admin,
    side: 'team',
    body: 'You must decide within two months of receiving the request, including any appeal, unless you both agree a longer period.',
    createdAt: at(19.9),
  });
  await updateConversation(trx, open.id, { status: 'open', assigned_to: admin });
  // Demo history: the read marks follow the messages' own times, not the seed's.
  await trx
    .updateTable('chat_conversations')
    .set({ person_read_at: at(20), team_read_at: at(19.9) })
    .where('id', '=', open.id)
    .execute();
  await trx
    .updateTable('chat_conversations')
    .set({ person_read_at: at(24 * 6 - 0.2), team_read_at: at(24 * 6 - 0.2) })
    .where('id', '=', past.id)
    .execute();
}
