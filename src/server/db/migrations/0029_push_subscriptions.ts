import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Notifications that end: a to-do notification carries the key of the thing it asks for
// (`subject`, e.g. "return_to_work:{id}:employee") and is resolved — no longer Action Required,
// no longer new — when that thing is done, by whoever does it (resolveTodos). And Web Push: each
// device a person allowed notifications on, with the keys its push service gave it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('subject', 'text').addColumn('resolved_at', 'timestamptz').execute();
  await sql`CREATE INDEX notifications_open_todo_idx ON notifications (company_id, subject) WHERE todo AND resolved_at IS NULL`.execute(db);

  // One row per device (push endpoint). Company users only: the tenant policy applies.
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sent_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`.execute(db);
  await enableTenantRls(db, 'push_subscriptions');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await sql`DROP INDEX IF EXISTS notifications_open_todo_idx`.execute(db);
  await db.schema.alterTable('notifications').dropColumn('resolved_at').dropColumn('subject').execute();
}
