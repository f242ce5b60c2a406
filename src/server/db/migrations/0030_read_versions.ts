import { sql, type Kysely } from 'kysely';

// A data version per company that every write bumps: a trigger on realtime_events (every
// product write announces itself there, in its own transaction) adds one to the company's
// row, and so do statement triggers on the tables the versioned reads (the team month, the
// absence lists) are made of, so a write that announces nothing (a job, a fixture, SQL by
// hand) changes the version too. The row lock makes versions follow commit order: a reader
// that sees version N has every write before N committed. Events of no company (the global
// channel, administrators) bump the global row (the nil uuid), which every company's reads
// include. Read by src/server/http/versioned-read.ts (ETag, 304, one computation per version).

/** The tables the versioned reads read, each with a company_id (a missing one is skipped). */
const VERSIONED_TABLES = [
  'users',
  'user_absences',
  'user_absence_medical',
  'user_absence_events',
  'user_departments',
  'user_line_managers',
  'user_working_patterns',
  'user_absence_policies',
  'departments',
  'company_locations',
  'leave_types',
  'company_bank_holidays',
  'blocked_date_periods',
  'company_leave_settings',
  'return_to_work_items',
];
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE read_versions (
      scope uuid PRIMARY KEY,
      version bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE FUNCTION bump_read_version() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    DECLARE
      target uuid := NEW.company_id;
      uuid_text constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
    BEGIN
      IF target IS NULL AND NEW.channel LIKE 'company-%' AND substr(NEW.channel, 9) ~ uuid_text THEN
        target := substr(NEW.channel, 9)::uuid;
      END IF;
      IF target IS NULL AND NEW.channel LIKE 'user-%' AND substr(NEW.channel, 6) ~ uuid_text THEN
        SELECT company_id INTO target FROM users WHERE id = substr(NEW.channel, 6)::uuid;
      END IF;
      INSERT INTO read_versions (scope, version)
      VALUES (coalesce(target, '00000000-0000-0000-0000-000000000000'::uuid), 1)
      ON CONFLICT (scope) DO UPDATE SET version = read_versions.version + 1;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER realtime_events_bump_read_version AFTER INSERT ON realtime_events
    FOR EACH ROW EXECUTE FUNCTION bump_read_version()`.execute(db);
  await sql`
    CREATE FUNCTION bump_read_versions_of_rows() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      -- In scope order, so two writers of several companies lock their rows in the same order.
      INSERT INTO read_versions (scope, version)
      SELECT DISTINCT coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), 1 FROM changed_rows ORDER BY 1
      ON CONFLICT (scope) DO UPDATE SET version = read_versions.version + 1;
      RETURN NULL;
    END $$`.execute(db);
  await addReadVersionTriggers(db, VERSIONED_TABLES);
  // Readers only: the triggers (as the owner) are the one writer.
  await sql`REVOKE INSERT, UPDATE, DELETE ON read_versions FROM stafflane_app`.execute(db);
}

/** Statement triggers that bump the company's read version on every write to these tables (later migrations add tables). */
export async function addReadVersionTriggers(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const { rows } = await sql<{ present: boolean }>`
      SELECT EXISTS (SELECT FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND column_name = 'company_id') AS present`.execute(db);
    if (!rows[0]?.present) continue;
    // One trigger per operation: a trigger with a transition table has one event.
    for (const [operation, transition] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await sql
        .raw(
          `CREATE TRIGGER ${table}_read_version_${operation.toLowerCase()} AFTER ${operation} ON ${table}
           REFERENCING ${transition} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_read_versions_of_rows()`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    for (const operation of ['insert', 'update', 'delete']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_read_version_${operation} ON ${table}`).execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS bump_read_versions_of_rows()`.execute(db);
  await sql`DROP TRIGGER IF EXISTS realtime_events_bump_read_version ON realtime_events`.execute(db);
  await sql`DROP FUNCTION IF EXISTS bump_read_version()`.execute(db);
  await sql`DROP TABLE IF EXISTS read_versions`.execute(db);
}
