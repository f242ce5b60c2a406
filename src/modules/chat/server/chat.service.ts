// What either side does to a conversation. The person's writes run in their company's tenant
// scope; an administrator's in the system scope, always after checking they belong to the
// conversation's team. Every change publishes to the person and the team's administrators only.
import type { Config } from '../../../server/config';
import { auditCaller, type AuditCaller } from '../../../server/audit/audit-entry';
import { withSystem, withTenant, type Db, type Trx } from '../../../server/db/database';
import { enqueueEmail } from '../../../server/mail/mail.queries';
import { AppError } from '../../../shared/app-error';
import { CHAT_EVENTS, CHAT_TEAM_LABELS, chatMessages, type ChatSide, type ChatTypingPayload } from '../chat.contract';
import { mayAnswerTeam } from '../chat.policy';
import {
  findMessages,
  findTeamsOf,
  findUserName,
  insertMessage,
  lockConversation,
  markRead,
  updateConversation,
  type ConversationRow,
} from './chat.queries';
import { administratorNames, publishToConversation, toMessage, type Viewer } from './chat-views';

export type ChatDeps = { db: Db; config: Config };

/** Runs `fn` in the scope the viewer's side writes in, with the conversation locked and the viewer's reach checked. */
export async function withConversation<T>(
  db: Db,
  viewer: Viewer,
  id: string,
  fn: (trx: Trx, conversation: ConversationRow) => Promise<T>,
): Promise<T> {
  if (viewer.side === 'person') {
    const companyId = viewer.companyId;
    if (!companyId) throw AppError.notFound();
    return withTenant(db, companyId, async (trx) => {
      const conversation = await lockConversation(trx, id);
      if (!conversation || conversation.company_id !== companyId || conversation.user_id !== viewer.userId) throw AppError.notFound();
      return fn(trx, conversation);
    });
  }
  return withSystem(db, async (trx) => {
    const conversation = await lockConversation(trx, id);
    if (!conversation || !mayAnswerTeam(await findTeamsOf(trx, viewer.userId), conversation.team)) throw AppError.notFound();
    return fn(trx, conversation);
  });
}

/** A message (text, and optionally an already stored file) from either side. */
export async function addMessage(
  trx: Trx,
  viewer: Viewer,
  conversation: ConversationRow,
  input: { body: string; fileId?: string | null },
): Promise<string> {
  if (conversation.status === 'closed') throw AppError.validation({}, chatMessages.closed);
  if (viewer.side === 'team') {
    // Replying to a waiting conversation takes it; one someone else took is theirs.
    if (conversation.assigned_to && conversation.assigned_to !== viewer.userId)
      throw new AppError('conflict', { message: chatMessages.takenByOther });
    if (!conversation.assigned_to) await updateConversation(trx, conversation.id, { status: 'open', assigned_to: viewer.userId });
  }
  const messageId = await insertMessage(trx, {
    conversationId: conversation.id,
    companyId: conversation.company_id,
    authorId: viewer.userId,
    side: viewer.side,
    body: input.body,
    fileId: input.fileId ?? null,
  });
  const [row] = await findMessages(trx, { conversationId: conversation.id, messageId });
  if (!row) throw new Error('the message just written is missing');
  const author = viewer.side === 'team' ? await findUserName(trx, viewer.userId) : undefined;
  const names = new Map(author ? [[viewer.userId, author.name]] : []);
  await publishToConversation(trx, conversation, {
    event: CHAT_EVENTS.message,
    to: 'both',
    payload: (side) => ({ conversation_id: conversation.id, message: toMessage(row, side, names) }),
  });
  return messageId;
}

/** An administrator takes the conversation: it is theirs to answer, and the person is told who. */
export async function takeConversation(db: Db, viewer: Viewer, id: string, caller: AuditCaller): Promise<void> {
  await withConversation(db, viewer, id, async (trx, conversation) => {
    if (conversation.status === 'closed') throw AppError.validation({}, chatMessages.closed);
    await updateConversation(trx, id, { status: 'open', assigned_to: viewer.userId });
    await auditCaller(trx, caller, {
      companyId: conversation.company_id,
      action: 'chat.taken',
      targetType: 'chat_conversation',
      targetId: id,
      details: { team: conversation.team },
    });
    await publishToConversation(trx, conversation, {
      event: CHAT_EVENTS.conversation,
      to: 'both',
      payload: () => ({ conversation_id: id }),
    });
  });
}

export async function closeConversation(db: Db, viewer: Viewer, id: string, caller: AuditCaller): Promise<void> {
  await withConversation(db, viewer, id, async (trx, conversation) => {
    if (conversation.status === 'closed') return;
    await updateConversation(trx, id, { status: 'closed', closed: true });
    await auditCaller(trx, caller, {
      companyId: conversation.company_id,
      action: 'chat.closed',
      targetType: 'chat_conversation',
      targetId: id,
      details: { by: viewer.side },
    });
    await publishToConversation(trx, conversation, {
      event: CHAT_EVENTS.conversation,
      to: 'both',
      payload: () => ({ conversation_id: id }),
    });
  });
}

const otherSide = (side: ChatSide): 'person' | 'team' => (side === 'person' ? 'team' : 'person');

/** The viewer has read everything so far: the other side's messages show "Read". */
export async function readConversation(db: Db, viewer: Viewer, id: string): Promise<void> {
  await withConversation(db, viewer, id, async (trx, conversation) => {
    await markRead(trx, { id, side: viewer.side });
    await publishToConversation(trx, conversation, {
      event: CHAT_EVENTS.read,
      to: otherSide(viewer.side),
      payload: () => ({ conversation_id: id }),
    });
  });
}

/** "… is typing": heard by the other side only, nothing stored but the event. */
export async function announceTyping(db: Db, viewer: Viewer, id: string): Promise<void> {
  await withConversation(db, viewer, id, async (trx, conversation) => {
    if (conversation.status === 'closed') return;
    const who = await findUserName(trx, viewer.userId);
    const payload: ChatTypingPayload = {
      conversation_id: id,
      side: viewer.side,
      name: viewer.side === 'team' ? (who?.name.split(' ')[0] ?? 'Support') : (who?.name ?? ''),
    };
    await publishToConversation(trx, conversation, {
      event: CHAT_EVENTS.typing,
      to: otherSide(viewer.side),
      quiet: true,
      payload: () => payload,
    });
  });
}

const londonStamp = (at: Date) =>
  at.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** E-mails the transcript to the viewer's own address (through the outbox). */
export async function emailTranscript(deps: ChatDeps, viewer: Viewer, id: string, caller: AuditCaller): Promise<void> {
  const { db } = deps;
  await withConversation(db, viewer, id, async (trx, conversation) => {
    const rows = await findMessages(trx, { conversationId: id });
    const names = viewer.side === 'person' ? await administratorNames(db, rows) : new Map<string, string>();
    const reader = await findUserName(trx, viewer.userId);
    if (!reader) throw AppError.notFound();
    const team = CHAT_TEAM_LABELS[conversation.team];
    const lines = rows.map((row) => {
      const message = toMessage(row, viewer.side, names);
      const attachment = message.attachment ? ` [attachment: ${message.attachment.name}]` : '';
      return `[${londonStamp(row.created_at)}] ${message.author_name}${row.side === 'team' ? ` (${team})` : ''}: ${message.body}${attachment}`;
    });
    await enqueueEmail(trx, {
      template: 'chat_transcript',
      companyId: conversation.company_id,
      to: reader.email,
      subject: `Transcript of your chat with the ${team}, ${londonStamp(conversation.created_at).slice(0, 10)}`,
      text: [`Your conversation with the ${team}, started ${londonStamp(conversation.created_at)} (London time):`, '', ...lines].join('\n'),
    });
    await auditCaller(trx, caller, {
      companyId: conversation.company_id,
      action: 'chat.transcript_sent',
      targetType: 'chat_conversation',
      targetId: id,
      details: { by: viewer.side },
    });
  });
}
