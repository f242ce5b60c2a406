// The SQL the privacy module runs over other modules' tables, built from their declarations
// (ServerModule.personalData): the rows about one person, and what retention finds past its
// date. Table and column names come from the declarations in the code, never from input; the
// company is named in every query (and the tenant scope keeps other companies out as well).
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx } from '../../../server/db/database';
import type { DeclaredTable } from '../../../server/personal-data';

/** Columns that are secrets or keys to something, never copied into an export. */
export const NEVER_EXPORTED = new Set([
  'password_hash',
  'token_hash',
  'code_hash',
  'icalendar_token',
  'p256dh',
  'auth',
  'token_digest',
  'request_hash',
  'p12',
  'passphrase',
]);

/** Every public base table's columns, to know which have a company column. */
export async function tableColumns(db: DbOrTrx): Promise<Map<string, Set<string>>> {
  const rows = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`.execute(db);
  const map = new Map<string, Set<string>>();
  for (const row of rows.rows) (map.get(row.table_name) ?? map.set(row.table_name, new Set()).get(row.table_name)!).add(row.column_name);
  return map;
}

/** Every person column: see personColumnRule in the coverage test (docs/architecture.md, "Personal data"). */
export async function personColumns(db: DbOrTrx): Promise<{ table: string; column: string }[]> {
  const rows = await sql<{ table: string; column: string }>`
    SELECT c.table_name AS table, c.column_name AS column
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type IN ('uuid', 'ARRAY')
      AND (
        c.column_name ~ '^(user_id|actor_id|author_id|impersonator_id|administrator_id|manager_id|recipient_ids)$'
        OR c.column_name ~ '(_user_id|_by|_by_id)$'
        OR EXISTS (
          SELECT 1 FROM information_schema.key_column_usage k
          JOIN information_schema.referential_constraints r ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name
          JOIN information_schema.constraint_column_usage u ON u.constraint_schema = r.unique_constraint_schema AND u.constraint_name = r.unique_constraint_name
          WHERE k.table_schema = 'public' AND k.table_name = c.table_name AND k.column_name = c.column_name
            AND u.table_name = 'users' AND u.column_name = 'id'
        )
      )
    ORDER BY 1, 2`.execute(db);
  return rows.rows;
}

const isPerson = (columns: readonly string[], alias: string, userId: string): RawBuilder<boolean> =>
  sql<boolean>`(${sql.join(
    columns.map((column) => sql`${sql.ref(`${alias}.${column}`)}::text = ${userId}`),
    sql` OR `,
  )})`;

function companyFilter(alias: string, hasCompany: boolean, companyId: string): RawBuilder<boolean> {
  return hasCompany ? sql<boolean>`${sql.ref(`${alias}.company_id`)} = ${companyId}` : sql<boolean>`true`;
}

/** The rows of one declared table about one person: by its subject columns, or through its parent's. */
export async function rowsAbout(
  db: DbOrTrx,
  input: { table: DeclaredTable; parent?: DeclaredTable; companyId: string; userId: string; columns: Map<string, Set<string>> },
): Promise<Record<string, unknown>[]> {
  const { table, parent, companyId, userId, columns } = input;
  const has = (name: string) => columns.get(name)?.has('company_id') ?? false;
  if (table.subject?.length) {
    const rows = await sql<Record<string, unknown>>`
      SELECT t.* FROM ${sql.table(table.table)} t
      WHERE ${companyFilter('t', has(table.table), companyId)} AND ${isPerson(table.subject, 't', userId)}
      LIMIT 100000`.execute(db);
    return rows.rows;
  }
  if (table.via && parent?.subject?.length) {
    const rows = await sql<Record<string, unknown>>`
      SELECT t.* FROM ${sql.table(table.table)} t
      JOIN ${sql.table(parent.table)} p ON p.id = ${sql.ref(`t.${table.via.column}`)}
      WHERE ${companyFilter('t', has(table.table), companyId)} AND ${companyFilter('p', has(parent.table), companyId)}
        AND ${isPerson(parent.subject, 'p', userId)}
      LIMIT 100000`.execute(db);
    return rows.rows;
  }
  return [];
}

/** The stored files a company holds by id, for the originals in an export. */
export async function filesByIds(db: DbOrTrx, input: { companyId: string; ids: string[] }) {
  if (input.ids.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'storage_key', 'original_name', 'mime_type', 'size_bytes'])
    .where('company_id', '=', input.companyId)
    .where('id', 'in', input.ids)
    .execute();
}
