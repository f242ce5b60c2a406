import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Realtime events, notifications and the per-user settings that decide which are e-mailed
// The offline-realtime issue delivers and replays the events.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every realtime event, written by publish() in the transaction of the change (so a rolled
  // back change publishes nothing) and read by id for fan-out and replay, across companies,
  // in the system scope. Infrastructure like sessions: no row-level policy; the realtime
  // module alone reads it and delivers each event only on the channel it names.
  await db.schema
    .createTable('realtime_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('invalidates', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('payload', 'jsonb')
    .addColumn('company_id', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('realtime_events_channel_idx').on('realtime_events').columns(['channel', 'id']).execute();

  // Administrators' notifications have no company: the tenant policy hides them from every
  // company's scope and they are read in the system scope, by user.
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('relates_to', 'text')
    .addColumn('relates_to_id', 'text')
    .addColumn('todo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_clicked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC)`.execute(db);
  await enableTenantRls(db, 'notifications');

  // One row per user once they change a setting; no row means the defaults. The settings
  // issue adds columns and owns the API; notify() reads email_notifications.
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('email_notifications', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await enableTenantRls(db, 'user_settings');

  // A company user's action may notify an administrator (an access request decided): the row
  // has no company, so the tenant policy refuses it in the company's scope. This function
  // writes only such rows, only for a user who is an administrator, in the system scope of
  // its SET clause, and answers what notify() needs to e-mail them.
  await sql`
    CREATE FUNCTION app_notify_administrator(p_user_id uuid, p_description text, p_relates_to text,
                                             p_relates_to_id text, p_todo boolean)
    RETURNS TABLE (id uuid, company_id uuid, user_id uuid, description text, relates_to text, relates_to_id text,
                   todo boolean, is_new boolean, is_clicked boolean, created_at timestamptz,
                   recipient_email text, email_notifications boolean)
    LANGUAGE sql VOLATILE
    SET app.scope = 'system'
    AS $$
      WITH n AS (
        INSERT INTO notifications (company_id, user_id, description, relates_to, relates_to_id, todo)
        SELECT NULL, u.id, p_description, p_relates_to, p_relates_to_id, p_todo
        FROM users u WHERE u.id = p_user_id AND u.company_id IS NULL
        RETURNING notifications.*
      )
      SELECT n.id, n.company_id, n.user_id, n.description, n.relates_to, n.relates_to_id, n.todo, n.is_new,
             n.is_clicked, n.created_at, u.email, coalesce(s.email_notifications, true)
      FROM n JOIN users u ON u.id = n.user_id LEFT JOIN user_settings s ON s.user_id = n.user_id
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS app_notify_administrator(uuid, text, text, text, boolean)`.execute(db);
  for (const table of ['user_settings', 'notifications', 'realtime_events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
