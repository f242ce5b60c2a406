// Migrations (listed in migrations/index.ts) run in name order at every start-up; an advisory
// lock makes two servers starting together take turns, and applied migrations are skipped.
import { Migrator, sql } from 'kysely';
import { APP_ROLE, type Db } from './database';
import { migrations } from './migrations/index';
import { StartupError } from '../startup-error';

// Any fixed number: servers starting together migrate one at a time.
const MIGRATE_LOCK = 7_264_011;

/** The application role: no login of its own, no superuser, no BYPASSRLS, owns nothing. */
async function ensureAppRole(db: Db): Promise<void> {
  await sql
    .raw(
      `DO $$ BEGIN
         IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
           CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
         END IF;
       EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
       END $$`,
    )
    .execute(db);
  const { rows } = await sql<{ rolsuper: boolean }>`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`.execute(db);
  if (!rows[0]?.rolsuper)
    await sql
      .raw(`GRANT ${APP_ROLE} TO CURRENT_USER`)
      .execute(db)
      .catch(() => undefined);
  await sql.raw(`GRANT USAGE ON SCHEMA public TO ${APP_ROLE}`).execute(db);
  // Every table a migration creates is readable and writable by the application role unless
  // that migration revokes it (the audit log is insert-only).
  await sql.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${APP_ROLE}`).execute(db);
  await sql.raw(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${APP_ROLE}`).execute(db);
}

/** The migrations recorded as applied; none on a database never migrated. */
async function appliedMigrations(db: Db): Promise<Set<string>> {
  const { rows: table } = await sql<{ present: boolean }>`SELECT to_regclass('public.kysely_migration') IS NOT NULL AS present`.execute(db);
  if (!table[0]?.present) return new Set();
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return new Set(rows.map((row) => row.name));
}

/**
 * An older Stafflane started on a database a newer one has migrated would run code against
 * tables it does not know: it stops instead, saying which migrations it does not have.
 */
export function refuseNewerDatabase(applied: ReadonlySet<string>, known: readonly string[] = Object.keys(migrations)): void {
  const unknown = [...applied].filter((name) => !known.includes(name)).sort();
  if (!unknown.length) return;
  throw new StartupError(
    `This database was upgraded by a newer version of Stafflane (it has migration${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, which this version does not know). Run that newer version, or restore a backup made before the upgrade.`,
  );
}

/** `upTo`: stop after that migration (a restore makes the tables of the version its backup was written by). */
export async function migrate(db: Db, options: { upTo?: string } = {}): Promise<string[]> {
  const applied = await appliedMigrations(db);
  refuseNewerDatabase(applied);
  // Most starts: every migration applied, so no lock is taken and nothing changes.
  const wanted = Object.keys(migrations).filter((name) => options.upTo === undefined || name <= options.upTo);
  if (wanted.every((name) => applied.has(name))) return [];
  // Concurrent GRANTs and REVOKEs on one object fail with "tuple concurrently updated", so the
  // whole set-up takes turns under a session lock, on that one connection (not a transaction:
  // a GRANT above may fail alone).
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${MIGRATE_LOCK})`.execute(connection);
    try {
      return await migrateNow(connection, options.upTo);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATE_LOCK})`.execute(connection);
    }
  });
}

async function migrateNow(db: Db, upTo: string | undefined): Promise<string[]> {
  await ensureAppRole(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await sql.raw(`REVOKE ALL ON kysely_migration, kysely_migration_lock FROM ${APP_ROLE}`).execute(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
