import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Uploaded files of every module: the bytes live in file storage under storage_key.
  // company_id null marks an administrator's (global) file, reachable only in the system scope.
  await db.schema
    .createTable('files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid')
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull().check(sql`char_length(original_name) between 1 and 200`))
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_company_idx').on('files').columns(['company_id', 'created_at']).execute();
  await enableTenantRls(db, 'files');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('files').execute();
}
