// The only SQL of live support chat. Conversations and messages are tenant rows (the person's
// company); administrators reach them in the system scope, always filtered by their teams.
import { sql, type Generated, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import { ADMINISTRATOR_ROLE_NAME } from '../../../server/roles';
import { CHAT_TEAMS, type ChatSide, type ChatStatus, type ChatTeam } from '../chat.contract';

export interface ChatConversationTable {
  id: Generated<string>;
  company_id: string;
  user_id: string | null;
  team: ChatTeam;
  status: Generated<ChatStatus>;
  assigned_to: string | null;
  created_at: Generated<Date>;
  last_message_at: Generated<Date>;
  closed_at: Date | null;
  person_read_at: Date | null;
  team_read_at: Date | null;
}
export interface ChatMessageTable {
  id: Generated<string>;
  conversation_id: string;
  company_id: string;
  author_id: string | null;
  side: ChatSide;
  body: string;
  file_id: string | null;
  created_at: Generated<Date>;
}
export interface SupportTeamMemberTable {
  user_id: string;
  team: ChatTeam;
}

declare module '../../../server/db/schema' {
  interface Database {
    chat_conversations: ChatConversationTable;
    chat_messages: ChatMessageTable;
    support_team_members: SupportTeamMemberTable;
  }
}

export type ConversationRow = Selectable<ChatConversationTable>;
export type SummaryRow = ConversationRow & {
  person_name: string;
  company_name: string;
  assigned_name: string | null;
  last_message: string;
  unread: number;
};
export type MessageRow = Selectable<ChatMessageTable> & {
  author_name: string;
  file_name: string | null;
  file_mime_type: string | null;
  file_size_bytes: number | null;
};

/** The teams an administrator belongs to (system scope). */
export async function findTeamsOf(db: DbOrTrx, userId: string): Promise<ChatTeam[]> {
  const rows = await db.selectFrom('support_team_members').select('team').where('user_id', '=', userId).execute();
  const teams = new Set(rows.map((row) => row.team));
  return CHAT_TEAMS.filter((team) => teams.has(team));
}

/** The administrators of a team: who hears its conversations (members are administrators only, see addTeamMember). */
export async function findTeamMemberIds(db: DbOrTrx, team: ChatTeam): Promise<string[]> {
  const rows = await db.selectFrom('support_team_members').select('user_id').where('team', '=', team).orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

/** Adds an administrator (a user of no company; system scope) to a team; anyone else is ignored. */
export async function addTeamMember(db: DbOrTrx, input: { userId: string; team: ChatTeam }): Promise<void> {
  await db
    .insertInto('support_team_members')
    .columns(['user_id', 'team'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select(['users.id', sql<ChatTeam>`${input.team}`.as('team')])
        .where('users.id', '=', input.userId)
        .where('users.company_id', 'is', null),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Each current administrator (no company, the administrators' role, not removed) with their
 * teams, or one of them (system scope).
 */
export async function findAdministratorTeams(
  db: DbOrTrx,
  input: { userId?: string } = {},
): Promise<{ user_id: string; teams: ChatTeam[] }[]> {
  let query = db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('support_team_members as m', 'm.user_id', 'u.id')
    .select(['u.id as user_id', sql<ChatTeam[]>`coalesce(array_agg(m.team) filter (where m.team is not null), '{}')`.as('teams')])
    .where('u.company_id', 'is', null)
    .where('r.company_id', 'is', null)
    .where('r.name', '=', ADMINISTRATOR_ROLE_NAME)
    .where('u.status', 'in', ['pending', 'invited', 'active']);
  if (input.userId) query = query.where('u.id', '=', input.userId);
  const rows = await query.groupBy('u.id').orderBy('u.id').execute();
  return rows.map((row) => ({ user_id: row.user_id, teams: CHAT_TEAMS.filter((team) => row.teams.includes(team)) }));
}

/** Of `teams`, those no active administrator answers for: their new chats would wait unanswered. */
export async function findUnansweredTeams(db: DbOrTrx, teams: readonly ChatTeam[]): Promise<ChatTeam[]> {
  if (teams.length === 0) return [];
  const rows = await db
    .selectFrom('support_team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.team')
    .distinct()
    .where('m.team', 'in', [...teams])
    .where('u.status', '=', 'active')
    .execute();
  const answered = new Set(rows.map((row) => row.team));
  return teams.filter((team) => !answered.has(team));
}

/** Makes the administrator's teams exactly `teams` (system scope; the caller checked they are an administrator). */
export async function replaceTeams(db: DbOrTrx, input: { userId: string; teams: readonly ChatTeam[] }): Promise<void> {
  let removal = db.deleteFrom('support_team_members').where('user_id', '=', input.userId);
  if (input.teams.length > 0) removal = removal.where('team', 'not in', [...input.teams]);
  await removal.execute();
  for (const team of input.teams) await addTeamMember(db, { userId: input.userId, team });
}

export async function findUserName(db: DbOrTrx, userId: string): Promise<{ name: string; email: string } | undefined> {
  const row = await db.selectFrom('users').select(['first_name', 'surname', 'email']).where('id', '=', userId).executeTakeFirst();
  return row ? { name: `${row.first_name} ${row.surname}`, email: row.email } : undefined;
}

export async function insertConversation(
  db: DbOrTrx,
  input: { companyId: string; userId: string; team: ChatTeam; createdAt?: Date },
): Promise<ConversationRow> {
  return db
    .insertInto('chat_conversations')
    .values({
      company_id: input.companyId,
      user_id: input.userId,
      team: input.team,
      ...(input.createdAt ? { created_at: input.createdAt, last_message_at: input.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertMessage(
  db: DbOrTrx,
  input: {
    conversationId: string;
    companyId: string;
    authorId: string;
    side: ChatSide;
    body: string;
    fileId?: string | null;
    createdAt?: Date;
  },
): Promise<string> {
  const row = await db
    .insertInto('chat_messages')
    .values({
      conversation_id: input.conversationId,
      company_id: input.companyId,
      author_id: input.authorId,
      side: input.side,
      body: input.body,
      file_id: input.fileId ?? null,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The writer has read everything up to their own message.
  const at = input.createdAt ? sql<Date>`${input.createdAt}::timestamptz` : sql<Date>`clock_timestamp()`;
  await db
    .updateTable('chat_conversations')
    .set(input.side === 'person' ? { person_read_at: at } : { team_read_at: at })
    .set({ last_message_at: sql`greatest(last_message_at, ${at})` })
    .where('id', '=', input.conversationId)
    .execute();
  return row.id;
}

/** One conversation, locked for the change that follows. */
export async function lockConversation(db: DbOrTrx, id: string): Promise<ConversationRow | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateConversation(
  db: DbOrTrx,
  id: string,
  changes: { status?: ChatStatus; assigned_to?: string | null; closed?: boolean },
): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.assigned_to !== undefined ? { assigned_to: changes.assigned_to } : {}),
      ...(changes.closed ? { closed_at: sql<Date>`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function markRead(db: DbOrTrx, input: { id: string; side: ChatSide }): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set(input.side === 'person' ? { person_read_at: sql`clock_timestamp()` } : { team_read_at: sql`clock_timestamp()` })
    .where('id', '=', input.id)
    .execute();
}

/** Summaries as `side` sees them: unread counts the other side's messages after the viewer's read mark. */
function summaries(db: DbOrTrx, side: ChatSide) {
  const readAt = side === 'person' ? sql.ref('c.person_read_at') : sql.ref('c.team_read_at');
  const other = side === 'person' ? 'team' : 'person';
  return db
    .selectFrom('chat_conversations as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .leftJoin('users as p', 'p.id', 'c.user_id')
    .leftJoin('users as a', 'a.id', 'c.assigned_to')
    .selectAll('c')
    .select([
      sql<string>`coalesce(p.first_name || ' ' || p.surname, 'Former user')`.as('person_name'),
      'co.name as company_name',
      sql<string | null>`a.first_name || ' ' || a.surname`.as('assigned_name'),
      sql<string>`coalesce((select case when m.body = '' and m.file_id is not null then 'Attachment' else m.body end
        from chat_messages m where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1), '')`.as('last_message'),
      sql<number>`(select count(*)::int from chat_messages m where m.conversation_id = c.id and m.side = ${other}
        and (${readAt} is null or m.created_at > ${readAt}))`.as('unread'),
    ]);
}

export async function findPersonConversations(db: DbOrTrx, input: { companyId: string; userId: string }): Promise<SummaryRow[]> {
  return summaries(db, 'person')
    .where('c.company_id', '=', input.companyId)
    .where('c.user_id', '=', input.userId)
    .orderBy('c.last_message_at', 'desc')
    .limit(100)
    .execute();
}

/** The conversations of the administrator's teams (system scope), open ones first. */
export async function findTeamConversations(
  db: DbOrTrx,
  input: { teams: readonly ChatTeam[]; statuses?: readonly ChatStatus[]; assignedTo?: string },
): Promise<SummaryRow[]> {
  if (input.teams.length === 0) return [];
  let query = summaries(db, 'team').where('c.team', 'in', [...input.teams]);
  if (input.statuses?.length) query = query.where('c.status', 'in', [...input.statuses]);
  if (input.assignedTo) query = query.where('c.assigned_to', '=', input.assignedTo);
  return query
    .orderBy(sql`case c.status when 'waiting' then 0 when 'open' then 1 else 2 end`)
    .orderBy('c.last_message_at', 'desc')
    .limit(200)
    .execute();
}

export async function findSummary(db: DbOrTrx, input: { id: string; side: ChatSide }): Promise<SummaryRow | undefined> {
  return summaries(db, input.side).where('c.id', '=', input.id).executeTakeFirst();
}

export async function findMessages(db: DbOrTrx, input: { conversationId: string; messageId?: string }): Promise<MessageRow[]> {
  let query = db
    .selectFrom('chat_messages as m')
    .leftJoin('users as u', 'u.id', 'm.author_id')
    .leftJoin('files as f', 'f.id', 'm.file_id')
    .selectAll('m')
    .select([
      sql<string>`coalesce(u.first_name || ' ' || u.surname, 'Former user')`.as('author_name'),
      'f.original_name as file_name',
      'f.mime_type as file_mime_type',
      'f.size_bytes as file_size_bytes',
    ])
    .where('m.conversation_id', '=', input.conversationId);
  if (input.messageId) query = query.where('m.id', '=', input.messageId);
  return query.orderBy('m.created_at').orderBy('m.id').execute();
}

export async function findMessageFile(db: DbOrTrx, input: { conversationId: string; messageId: string }) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('files as f', 'f.id', 'm.file_id')
    .select(['f.id', 'f.storage_key', 'f.original_name', 'f.mime_type'])
    .where('m.conversation_id', '=', input.conversationId)
    .where('m.id', '=', input.messageId)
    .executeTakeFirst();
}

/** Administrators' names by id ("Ada Lovelace"), for a person's view of the team's messages; in the system scope. */
export async function findAdministratorNames(db: DbOrTrx, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'surname'])
    .where('id', 'in', [...ids])
    .where('company_id', 'is', null)
    .execute();
  return new Map(found.map((user) => [user.id, `${user.first_name} ${user.surname}`]));
}
