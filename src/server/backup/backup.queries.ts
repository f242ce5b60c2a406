// The SQL of backups and restores, through one owner connection (a plain pg client, which
// COPY streams need): the catalog reads that say what to export, the snapshot, the COPY
// statements built from those catalog names, and the load's switches.
import pg from 'pg';
import { from as copyFrom, to as copyTo, type CopyStreamQuery, type CopyToStreamQuery } from 'pg-copy-streams';

export type TableColumns = { name: string; columns: string[] };
export type SequenceValue = { name: string; lastValue: string | null };
export type OwnerRights = { superuser: boolean; bypassRls: boolean; serverVersion: string };

/** Kept by the migrator itself: the archive lists the applied migrations instead. */
const NOT_EXPORTED = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Rows that belong to the database they live in rather than to its data: the application
 * login's generated password, made again for the database a backup is restored into.
 */
const EXPORT_FILTERS: Record<string, string> = { owner_secrets: `name <> 'app_login'` };

const id = (name: string) => pg.escapeIdentifier(name);
const columnList = (columns: readonly string[]) => columns.map(id).join(', ');

export async function findOwnerRights(client: pg.ClientBase): Promise<OwnerRights> {
  const { rows } = await client.query<OwnerRights>(
    `SELECT rolsuper AS superuser, rolbypassrls AS "bypassRls", current_setting('server_version') AS "serverVersion"
       FROM pg_roles WHERE rolname = current_user`,
  );
  return rows[0]!;
}

/**
 * One snapshot for the whole export: every table as of one instant, while writers go on (a
 * read-only REPEATABLE READ transaction takes only the ACCESS SHARE locks of its reads). The
 * system scope lets the tenant policies show an owner that is not a superuser every company.
 */
export async function beginSnapshot(client: pg.ClientBase): Promise<void> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  await client.query(`SELECT set_config('app.scope', 'system', true), set_config('statement_timeout', '0', true)`);
}

export async function endTransaction(client: pg.ClientBase, outcome: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  await client.query(outcome);
}

/** The base tables of the public schema with their stored columns (generated ones are computed again). */
export async function findTables(client: pg.ClientBase): Promise<TableColumns[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns
       FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname <> ALL ($1::text[])
      GROUP BY c.relname
      ORDER BY c.relname`,
    [NOT_EXPORTED],
  );
  return rows.map((row) => ({ name: row.name, columns: row.columns ?? [] }));
}

export async function findAppliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: present } = await client.query<{ present: boolean }>(
    `SELECT to_regclass('public.kysely_migration') IS NOT NULL AS present`,
  );
  if (!present[0]?.present) return [];
  const { rows } = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
  return rows.map((row) => row.name);
}

/** Sequences' positions: read outside the snapshot's rules, so never behind the exported rows. */
export async function findSequences(client: pg.ClientBase): Promise<SequenceValue[]> {
  const { rows } = await client.query<{ name: string; lastValue: string | null }>(
    `SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  return rows;
}

/** The storage keys of every stored file, as of the snapshot. */
export async function findStorageKeys(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ storage_key: string }>('SELECT storage_key FROM files ORDER BY storage_key');
  return rows.map((row) => row.storage_key);
}

export function copyTableOut(client: pg.ClientBase, table: TableColumns): CopyToStreamQuery {
  const filter = EXPORT_FILTERS[table.name];
  const text = filter
    ? `COPY (SELECT ${columnList(table.columns)} FROM ${id(table.name)} WHERE ${filter}) TO STDOUT`
    : `COPY ${id(table.name)} (${columnList(table.columns)}) TO STDOUT`;
  return client.query(copyTo(text));
}

export function copyTableIn(client: pg.ClientBase, table: TableColumns): CopyStreamQuery {
  return client.query(copyFrom(`COPY ${id(table.name)} (${columnList(table.columns)}) FROM STDIN`));
}

/** Tables, views, sequences or other objects in the public schema, and whether pg-boss has its schema. */
export async function countDatabaseObjects(client: pg.ClientBase): Promise<{ relations: number; tables: number; jobSchema: boolean }> {
  const { rows } = await client.query<{ relations: number; tables: number; jobSchema: boolean }>(
    `SELECT (SELECT count(*)::int FROM pg_class WHERE relnamespace = 'public'::regnamespace) AS relations,
            (SELECT count(*)::int FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')) AS tables,
            EXISTS (SELECT FROM pg_namespace WHERE nspname = 'pgboss') AS "jobSchema"`,
  );
  return rows[0]!;
}

/** `--force`: everything the application keeps goes, as in a database just created. */
export async function dropApplicationSchemas(client: pg.ClientBase): Promise<void> {
  await client.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
  await client.query('DROP SCHEMA IF EXISTS public CASCADE');
  await client.query('CREATE SCHEMA public');
}

/**
 * Foreign keys checked row by row (not deferrable, not a table's reference to itself), as
 * [referencing, referenced] table pairs: a load without a superuser fills tables in their order.
 */
export async function findLoadDependencies(client: pg.ClientBase): Promise<[string, string][]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `SELECT DISTINCT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid
       JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND NOT k.condeferrable AND k.conrelid <> k.confrelid
        AND k.connamespace = 'public'::regnamespace`,
  );
  return rows.map((row) => [row.child, row.parent]);
}

/** Tables whose row-level security also binds their owner, which a load must lift while it copies. */
export async function findForcedRlsTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relforcerowsecurity`,
  );
  return rows.map((row) => row.name);
}

export async function beginLoad(client: pg.ClientBase): Promise<void> {
  await client.query('BEGIN');
  await client.query(`SELECT set_config('app.scope', 'system', true), set_config('statement_timeout', '0', true)`);
}

/**
 * The loaded rows are taken as they were: no trigger runs (a new company's default leave
 * types, read versions, wake-ups) and no foreign key is checked row by row. A superuser
 * switches every trigger off for the transaction; an owner that is not one switches off the
 * tables' own triggers, defers the deferrable keys, loads in key order and lifts FORCE RLS.
 */
export async function switchOffTriggers(
  client: pg.ClientBase,
  options: { superuser: boolean; tables: readonly string[]; forcedRls: readonly string[] },
): Promise<void> {
  if (options.superuser) {
    await client.query(`SET LOCAL session_replication_role = replica`);
    return;
  }
  await client.query('SET CONSTRAINTS ALL DEFERRED');
  for (const table of options.tables) await client.query(`ALTER TABLE ${id(table)} DISABLE TRIGGER USER`);
  for (const table of options.forcedRls) await client.query(`ALTER TABLE ${id(table)} NO FORCE ROW LEVEL SECURITY`);
}

export async function switchOnTriggers(
  client: pg.ClientBase,
  options: { superuser: boolean; tables: readonly string[]; forcedRls: readonly string[] },
): Promise<void> {
  if (options.superuser) {
    await client.query(`SET LOCAL session_replication_role = origin`);
    return;
  }
  for (const table of options.tables) await client.query(`ALTER TABLE ${id(table)} ENABLE TRIGGER USER`);
  for (const table of options.forcedRls) await client.query(`ALTER TABLE ${id(table)} FORCE ROW LEVEL SECURITY`);
}

/** Rows the migrations themselves wrote (built-in roles, reference lists) make way for the archive's. */
export async function truncateTables(client: pg.ClientBase, tables: readonly string[]): Promise<void> {
  if (tables.length) await client.query(`TRUNCATE ${tables.map(id).join(', ')}`);
}

export async function setSequence(client: pg.ClientBase, sequence: SequenceValue): Promise<void> {
  if (sequence.lastValue === null) return;
  await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [id(sequence.name), sequence.lastValue]);
}

/**
 * Every row of a table as one md5 of its text forms in byte order (`COLLATE "C"`, so two servers
 * with different default collations — PostgreSQL 15 and the embedded 18 with ICU en-GB — agree):
 * how a test compares two databases.
 */
export async function tableFingerprint(client: pg.ClientBase, table: TableColumns): Promise<{ rows: number; md5: string }> {
  const filter = EXPORT_FILTERS[table.name];
  const { rows } = await client.query<{ rows: number; md5: string }>(
    `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS md5
       FROM (SELECT ${columnList(table.columns)} FROM ${id(table.name)}${filter ? ` WHERE ${filter}` : ''}) t`,
  );
  return rows[0]!;
}

export async function ensureDatabaseExists(client: pg.ClientBase, name: string): Promise<void> {
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${id(name)}`);
}
