import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Support: the administrators' inbox of contact requests (status, assignment, internal notes,
// replies e-mailed to the sender) and live support chat (conversations between a company user
// and a support team, their messages with optional attachments, and each side's read mark).
// Administrators belong to one or more support teams (support, hr, hs): only a team's members
// see and answer its conversations.
const TEAMS = sql`('support', 'hr', 'hs')`;

const PERSON_CHAT = ['GET', 'POST'] as const;
const COMPANY_ROLES = ['Owner', 'HR admin', 'Manager', 'Employee'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('contact_requests')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('new')
        .check(sql`status in ('new', 'in_progress', 'handled')`),
    )
    .addColumn('assigned_to', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('source', 'text', (c) =>
      c
        .notNull()
        .defaultTo('form')
        .check(sql`source in ('form', 'chat')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`UPDATE contact_requests SET status = 'handled' WHERE handled_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX contact_requests_status_idx ON contact_requests (status, created_at DESC)`.execute(db);

  // Internal notes (kind 'note', never shown to the sender) and replies (kind 'reply', e-mailed).
  await db.schema
    .createTable('contact_request_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('contact_request_id', 'uuid', (c) => c.notNull().references('contact_requests.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('note', 'reply')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX contact_request_entries_request_idx ON contact_request_entries (contact_request_id, created_at)`.execute(db);
  await enableTenantRls(db, 'contact_request_entries');

  // Administrators have no company: the table is read in the system scope only.
  await db.schema
    .createTable('support_team_members')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team', 'text', (c) => c.notNull().check(sql`team in ${TEAMS}`))
    .addPrimaryKeyConstraint('support_team_members_pk', ['user_id', 'team'])
    .execute();
  await sql`CREATE INDEX support_team_members_team_idx ON support_team_members (team)`.execute(db);

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('team', 'text', (c) => c.notNull().check(sql`team in ${TEAMS}`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`status in ('waiting', 'open', 'closed')`),
    )
    .addColumn('assigned_to', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_message_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('person_read_at', 'timestamptz')
    .addColumn('team_read_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX chat_conversations_user_idx ON chat_conversations (company_id, user_id, last_message_at DESC)`.execute(db);
  await sql`CREATE INDEX chat_conversations_team_idx ON chat_conversations (team, status, last_message_at DESC)`.execute(db);
  await enableTenantRls(db, 'chat_conversations');

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('conversation_id', 'uuid', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('person', 'team')`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) <= 2000`))
    .addColumn('file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .execute();
  await sql`CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, created_at)`.execute(db);
  await enableTenantRls(db, 'chat_messages');

  // As the role templates hold them when this migration was written.
  for (const method of PERSON_CHAT) {
    await sql`
      INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
      SELECT r.id, r.company_id, '/api/chat', ${method}, 'own' FROM roles r
      WHERE r.name IN (${sql.join(COMPANY_ROLES)}) AND r.company_id IS NOT NULL
      ON CONFLICT DO NOTHING`.execute(db);
  }
  for (const [endpoint, method] of [
    ['/api/admin-chat', 'GET'],
    ['/api/admin-chat', 'POST'],
    ['/api/contact-us', 'PUT'],
    ['/api/contact-us', 'POST'],
  ] as const) {
    await sql`
      INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
      SELECT r.id, NULL, ${endpoint}, ${method}, 'global' FROM roles r
      WHERE r.name = 'Administrator' AND r.company_id IS NULL
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_permissions WHERE endpoint IN ('/api/chat', '/api/admin-chat')`.execute(db);
  await sql`
    DELETE FROM role_permissions p USING roles r
    WHERE r.id = p.role_id AND r.name = 'Administrator' AND p.endpoint = '/api/contact-us' AND p.method IN ('PUT', 'POST')`.execute(db);
  for (const table of ['chat_messages', 'chat_conversations', 'support_team_members', 'contact_request_entries']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`DROP INDEX IF EXISTS contact_requests_status_idx`.execute(db);
  await db.schema
    .alterTable('contact_requests')
    .dropColumn('status')
    .dropColumn('assigned_to')
    .dropColumn('source')
    .dropColumn('updated_at')
    .execute();
}
