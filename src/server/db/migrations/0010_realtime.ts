import { sql, type Kysely } from 'kysely';

// Realtime delivery: what retention has deleted (so a replay
// from before it answers "reset"), which events the Ably forwarder has claimed (so several
// servers publish each one once), and an immediate NOTIFY when a session ends (so its open
// sockets close within a second instead of at the next periodic check).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE realtime_events ADD COLUMN forwarded_at timestamptz`.execute(db);
  await db.schema.createIndex('realtime_events_created_idx').on('realtime_events').column('created_at').execute();

  // One row: the highest event id the retention clean-up has deleted.
  await db.schema
    .createTable('realtime_watermark')
    .addColumn('singleton', 'boolean', (c) =>
      c
        .primaryKey()
        .defaultTo(true)
        .check(sql`singleton`),
    )
    .addColumn('deleted_through', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO realtime_watermark (singleton, deleted_through) VALUES (true, 0)`.execute(db);
  await sql`REVOKE INSERT, DELETE ON realtime_watermark FROM stafflane_app`.execute(db);

  // The payload is the session id; every server LISTENs on this channel beside stafflane_events.
  await sql`
    CREATE FUNCTION realtime_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('stafflane_sessions', s.id::text) FROM sessions s WHERE s.user_id = NEW.id AND s.revoked_at IS NULL;
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('stafflane_sessions', OLD.id::text);
      ELSE
        PERFORM pg_notify('stafflane_sessions', NEW.id::text);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_realtime_revoked AFTER UPDATE OF revoked_at ON sessions FOR EACH ROW
    WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION realtime_session_ended()`.execute(db);
  await sql`CREATE TRIGGER sessions_realtime_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION realtime_session_ended()`.execute(
    db,
  );
  // A user terminated or locked keeps their session rows, but no request of theirs is served.
  await sql`
    CREATE TRIGGER users_realtime_blocked AFTER UPDATE OF status ON users FOR EACH ROW
    WHEN (NEW.status IN ('terminated', 'locked') AND OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION realtime_session_ended()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS users_realtime_blocked ON users`.execute(db);
  await sql`DROP TRIGGER IF EXISTS sessions_realtime_deleted ON sessions`.execute(db);
  await sql`DROP TRIGGER IF EXISTS sessions_realtime_revoked ON sessions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS realtime_session_ended()`.execute(db);
  await db.schema.dropTable('realtime_watermark').ifExists().execute();
  await db.schema.dropIndex('realtime_events_created_idx').ifExists().execute();
  await sql`ALTER TABLE realtime_events DROP COLUMN IF EXISTS forwarded_at`.execute(db);
}
