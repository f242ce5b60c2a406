import { generateKeyPairSync } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Web Push's sending side. notify() writes one row per device of the recipient in the
// transaction of the change (a transactional outbox, like e-mail's), and a trigger NOTIFYs
// `stafflane_push` on commit, which wakes the sending job (src/server/notifications/push-sender.ts).
// The VAPID key pair the push services know this server by is made here once per database,
// beside the token signing key, so every server of the database signs with the same one
// (VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY override it).
//
// And an administrator's to-do keeps its subject (the key resolveTodos ends it by), as a
// company user's does: app_notify_administrator (0006) dropped it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('subscription_id', 'uuid', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX push_outbox_due_idx ON push_outbox (next_attempt_at)`.execute(db);
  await sql`CREATE INDEX push_outbox_subscription_idx ON push_outbox (subscription_id)`.execute(db);
  await enableTenantRls(db, 'push_outbox');
  await sql`
    CREATE FUNCTION push_outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('stafflane_push', '1');
      RETURN NULL;
    END $$`.execute(db);
  // Per row, so a notification for someone with no device wakes nothing; PostgreSQL folds the
  // repeats of one transaction into one NOTIFY, however many devices.
  await sql`CREATE TRIGGER push_outbox_wake AFTER INSERT ON push_outbox FOR EACH ROW EXECUTE FUNCTION push_outbox_wake()`.execute(db);

  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  await sql`INSERT INTO server_secrets (name, value) VALUES
            ('vapid_public_key', ${raw.toString('base64url')}), ('vapid_private_key', ${jwk.d ?? ''})
            ON CONFLICT (name) DO NOTHING`.execute(db);

  await sql`DROP FUNCTION IF EXISTS app_notify_administrator(uuid, text, text, text, boolean)`.execute(db);
  await sql`
    CREATE FUNCTION app_notify_administrator(p_user_id uuid, p_description text, p_relates_to text,
                                             p_relates_to_id text, p_todo boolean, p_subject text)
    RETURNS TABLE (id uuid, company_id uuid, user_id uuid, description text, relates_to text, relates_to_id text,
                   todo boolean, is_new boolean, is_clicked boolean, created_at timestamptz,
                   recipient_email text, email_notifications boolean)
    LANGUAGE sql VOLATILE
    SET app.scope = 'system'
    AS $$
      WITH n AS (
        INSERT INTO notifications (company_id, user_id, description, relates_to, relates_to_id, todo, subject)
        SELECT NULL, u.id, p_description, p_relates_to, p_relates_to_id, p_todo, p_subject
        FROM users u WHERE u.id = p_user_id AND u.company_id IS NULL
        RETURNING notifications.*
      )
      SELECT n.id, n.company_id, n.user_id, n.description, n.relates_to, n.relates_to_id, n.todo, n.is_new,
             n.is_clicked, n.created_at, u.email, coalesce(s.email_notifications, true)
      FROM n JOIN users u ON u.id = n.user_id LEFT JOIN user_settings s ON s.user_id = n.user_id
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS app_notify_administrator(uuid, text, text, text, boolean, text)`.execute(db);
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
  await sql`DELETE FROM server_secrets WHERE name IN ('vapid_public_key', 'vapid_private_key')`.execute(db);
  await db.schema.dropTable('push_outbox').ifExists().execute();
  await sql`DROP FUNCTION IF EXISTS push_outbox_wake()`.execute(db);
}
