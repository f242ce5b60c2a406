// How each side sees a conversation, and how its events reach exactly the people concerned:
// the person on their own channel, the team's administrators on theirs — never a company
// channel, so nobody else in the company and no administrator of another team hears it.
import { withSystem, withTenant, type Db, type DbOrTrx } from '../../../server/db/database';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { isUuid } from '../../../shared/ids';
import { userChannel } from '../../../shared/realtime';
import {
  ADMIN_CHAT_RESOURCE,
  CHAT_RESOURCE,
  conversationBase,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatMessage,
  type ChatSide,
} from '../chat.contract';
import { mayAnswerTeam } from '../chat.policy';
import {
  findAdministratorNames,
  findMessages,
  findSummary,
  findTeamMemberIds,
  findTeamsOf,
  type ConversationRow,
  type MessageRow,
  type SummaryRow,
} from './chat.queries';

export type Viewer = { side: ChatSide; userId: string; companyId: string | null };

export function conversationId(params: unknown): string {
  const { id = '' } = (params ?? {}) as { id?: string };
  if (!isUuid(id)) throw AppError.notFound();
  return id;
}

export function toSummary(row: SummaryRow): ChatConversationSummary {
  return {
    id: row.id,
    team: row.team,
    status: row.status,
    person_name: row.person_name,
    company_name: row.company_name,
    assigned_to: row.assigned_to,
    assigned_name: row.assigned_name,
    created_at: row.created_at.toISOString(),
    last_message_at: row.last_message_at.toISOString(),
    last_message: row.last_message,
    unread: Number(row.unread),
  };
}

export function toMessage(row: MessageRow, side: ChatSide, names: ReadonlyMap<string, string> = new Map()): ChatMessage {
  const name = row.author_id ? (names.get(row.author_id) ?? row.author_name) : row.author_name;
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    side: row.side,
    author_name: name,
    body: row.body,
    attachment:
      row.file_id && row.file_name
        ? {
            name: row.file_name,
            mime_type: row.file_mime_type ?? 'application/octet-stream',
            size_bytes: Number(row.file_size_bytes ?? 0),
            download_path: `${conversationBase(side, row.conversation_id)}/messages/${row.id}/file`,
          }
        : null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Administrators have no company, so a person's tenant-scoped read cannot see their names:
 * the team's authors are named in the system scope (first name and surname only).
 */
export async function administratorNames(db: Db, rows: readonly MessageRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.filter((row) => row.side === 'team' && row.author_id).map((row) => row.author_id as string))];
  if (ids.length === 0) return new Map();
  return withSystem(db, (trx) => findAdministratorNames(trx, ids));
}

/** The person's list: the administrators who took their conversations, named in the system scope. */
export async function nameAssignees(db: Db, rows: SummaryRow[]): Promise<SummaryRow[]> {
  const ids = [...new Set(rows.map((row) => row.assigned_to).filter((id): id is string => id !== null))];
  if (ids.length === 0) return rows;
  const names = await withSystem(db, (trx) => findAdministratorNames(trx, ids));
  return rows.map((row) => ({ ...row, assigned_name: row.assigned_to ? (names.get(row.assigned_to) ?? null) : null }));
}

function conversationView(summary: SummaryRow, messages: ChatMessage[], side: ChatSide): ChatConversation {
  const otherRead = side === 'person' ? summary.team_read_at : summary.person_read_at;
  return { ...toSummary(summary), messages, other_read_at: otherRead?.toISOString() ?? null };
}

/** The person's own conversation (404 for anyone else's, in any company). */
export async function readPersonConversation(db: Db, viewer: Viewer & { companyId: string }, id: string): Promise<ChatConversation> {
  const { summary, rows } = await withTenant(db, viewer.companyId, async (trx) => {
    const found = await findSummary(trx, { id, side: 'person' });
    if (!found || found.company_id !== viewer.companyId || found.user_id !== viewer.userId) throw AppError.notFound();
    return { summary: found, rows: await findMessages(trx, { conversationId: id }) };
  });
  const names = await administratorNames(db, rows);
  if (summary.assigned_to) summary.assigned_name = names.get(summary.assigned_to) ?? (await assignedName(db, summary.assigned_to));
  return conversationView(
    summary,
    rows.map((row) => toMessage(row, 'person', names)),
    'person',
  );
}

async function assignedName(db: Db, userId: string): Promise<string | null> {
  return (await withSystem(db, (trx) => findAdministratorNames(trx, [userId]))).get(userId) ?? null;
}

/** A team's conversation for one of its administrators (404 for an administrator of another team). */
export async function readTeamConversation(db: Db, viewer: Viewer, id: string): Promise<ChatConversation> {
  return withSystem(db, async (trx) => {
    const summary = await teamSummary(trx, viewer.userId, id);
    const rows = await findMessages(trx, { conversationId: id });
    return conversationView(
      summary,
      rows.map((row) => toMessage(row, 'team')),
      'team',
    );
  });
}

/** The conversation's summary when the administrator belongs to its team; 404 otherwise. */
export async function teamSummary(trx: DbOrTrx, adminId: string, id: string): Promise<SummaryRow> {
  const [teams, summary] = await Promise.all([findTeamsOf(trx, adminId), findSummary(trx, { id, side: 'team' })]);
  if (!summary || !mayAnswerTeam(teams, summary.team)) throw AppError.notFound();
  return summary;
}

export type ChatAudience = 'both' | 'person' | 'team';

/** Publishes one event (quiet: nothing to refetch, e.g. typing) to the person and/or every administrator of the conversation's team. */
export async function publishToConversation(
  trx: DbOrTrx,
  conversation: Pick<ConversationRow, 'id' | 'company_id' | 'user_id' | 'team'>,
  input: { event: string; to: ChatAudience; payload: (side: ChatSide) => unknown; quiet?: boolean },
): Promise<void> {
  if (input.to !== 'team' && conversation.user_id) {
    await publish(trx, {
      channel: userChannel(conversation.user_id),
      event: input.event,
      invalidates: input.quiet ? [] : [CHAT_RESOURCE],
      payload: input.payload('person'),
      companyId: conversation.company_id,
    });
  }
  if (input.to === 'person') return;
  const payload = input.payload('team');
  for (const adminId of await findTeamMemberIds(trx, conversation.team)) {
    await publish(trx, {
      channel: userChannel(adminId),
      event: input.event,
      invalidates: input.quiet ? [] : [ADMIN_CHAT_RESOURCE],
      payload,
      companyId: conversation.company_id,
    });
  }
}
