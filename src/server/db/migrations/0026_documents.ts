import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Documents and e-signing: the HR and H&S document areas (folders, tags, documents with their
// versions, audience and action, who read or acknowledged which version), templates with merge
// fields, signing requests with their signers, the append-only evidence trail, and each
// company's sealing certificate. The endpoint /api/document was granted to every role before
// this migration (auth's coming endpoints), so no role needs a new entry here.

type Builder = CreateTableBuilder<string, string>;

function tenantTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}
const inList = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

const AREAS = ['hr', 'hs'];
const ACTIONS = ['read', 'acknowledge', 'sign'];
const AUDIENCES = ['everyone', 'departments', 'locations', 'people', 'hr_private'];
const REQUEST_STATUSES = ['pending', 'completed', 'declined', 'voided'];
const SIGNER_STATUSES = ['waiting', 'pending', 'signed', 'declined', 'voided'];
const EVENTS = ['created', 'sent', 'viewed', 'consented', 'signed', 'declined', 'voided', 'completed', 'downloaded', 'reminded'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'document_folders')
    .addColumn('area', 'text', (c) => c.notNull().check(inList('area', AREAS)))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addUniqueConstraint('document_folders_name_uq', ['company_id', 'area', 'name'])
    .execute();
  await enableTenantRls(db, 'document_folders');

  await tenantTable(db, 'document_tags')
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 60`))
    .addUniqueConstraint('document_tags_name_uq', ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, 'document_tags');

  await tenantTable(db, 'documents')
    .addColumn('area', 'text', (c) => c.notNull().check(inList('area', AREAS)))
    .addColumn('folder_id', 'uuid', (c) => c.references('document_folders.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull().defaultTo('read').check(inList('action', ACTIONS)))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('everyone').check(inList('audience', AUDIENCES)))
    .addColumn('audience_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    // A person's own document (a contract, a letter): on their profile, and theirs to read.
    .addColumn('subject_user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    // Special-category content (health, say): never kept in a device's offline cache.
    .addColumn('special_category', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('current_version_id', 'uuid')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await enableTenantRls(db, 'documents');
  await sql`CREATE INDEX documents_company_area_idx ON documents (company_id, area, updated_at DESC) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE INDEX documents_subject_idx ON documents (subject_user_id) WHERE subject_user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX documents_audience_idx ON documents USING gin (audience_ids)`.execute(db);

  await db.schema
    .createTable('document_tag_links')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('tag_id', 'uuid', (c) => c.notNull().references('document_tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('document_tag_links_pk', ['document_id', 'tag_id'])
    .execute();
  await enableTenantRls(db, 'document_tag_links');
  await db.schema.createIndex('document_tag_links_tag_idx').on('document_tag_links').column('tag_id').execute();

  await tenantTable(db, 'document_versions')
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number >= 1`))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('files.id'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('document_versions_number_uq', ['document_id', 'number'])
    .execute();
  await enableTenantRls(db, 'document_versions');
  await sql`ALTER TABLE documents ADD CONSTRAINT documents_current_version_fk FOREIGN KEY (current_version_id)
            REFERENCES document_versions (id) DEFERRABLE INITIALLY DEFERRED`.execute(db);

  await db.schema
    .createTable('document_reads')
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('document_versions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acknowledged_at', 'timestamptz')
    .addPrimaryKeyConstraint('document_reads_pk', ['version_id', 'user_id'])
    .execute();
  await enableTenantRls(db, 'document_reads');

  await tenantTable(db, 'document_templates')
    .addColumn('area', 'text', (c) => c.notNull().check(inList('area', AREAS)))
    .addColumn('starter_key', 'text')
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 150`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 50000`))
    .addColumn('free_fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('document_templates_name_uq', ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, 'document_templates');

  await tenantTable(db, 'document_sign_requests')
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version_id', 'uuid', (c) => c.notNull().references('document_versions.id'))
    .addColumn('ordering', 'text', (c) => c.notNull().check(inList('ordering', ['sequential', 'parallel'])))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('due_date', 'date')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(inList('status', REQUEST_STATUSES)))
    .addColumn('final_file_id', 'uuid', (c) => c.references('files.id'))
    .addColumn('final_sha256', 'text')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('void_reason', 'text')
    .execute();
  await enableTenantRls(db, 'document_sign_requests');
  await db.schema.createIndex('document_sign_requests_document_idx').on('document_sign_requests').column('document_id').execute();

  await tenantTable(db, 'document_signers')
    .addColumn('request_id', 'uuid', (c) => c.notNull().references('document_sign_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(inList('status', SIGNER_STATUSES)))
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signature_kind', 'text', (c) => c.check(inList('signature_kind', ['drawn', 'typed'])))
    .addColumn('signature_png', 'bytea')
    .addColumn('typed_name', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('reminded_at', 'timestamptz')
    .addUniqueConstraint('document_signers_user_uq', ['request_id', 'user_id'])
    .execute();
  await enableTenantRls(db, 'document_signers');
  await sql`CREATE INDEX document_signers_user_idx ON document_signers (user_id, status)`.execute(db);

  // The evidence trail: added to, never changed or removed by the application.
  await tenantTable(db, 'document_events')
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('request_id', 'uuid', (c) => c.references('document_sign_requests.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull().check(inList('event', EVENTS)))
    .addColumn('actor_id', 'uuid')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('identification', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('sha256', 'text')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await enableTenantRls(db, 'document_events');
  await sql`CREATE INDEX document_events_document_idx ON document_events (document_id, seq)`.execute(db);
  await sql`REVOKE UPDATE, DELETE, TRUNCATE ON document_events FROM stafflane_app`.execute(db);

  await db.schema
    .createTable('document_seal_certificates')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('p12', 'bytea', (c) => c.notNull())
    .addColumn('passphrase', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'document_seal_certificates');

  // The demo company's documents need file storage, which the seed does not have: the seed
  // leaves a note here and the server that starts next makes the files (documents-demo.ts).
  await db.schema
    .createTable('document_demo_pending')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .execute();
  await enableTenantRls(db, 'document_demo_pending');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'document_demo_pending',
    'document_seal_certificates',
    'document_events',
    'document_signers',
    'document_sign_requests',
    'document_templates',
    'document_reads',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_current_version_fk`.execute(db);
  for (const table of ['document_versions', 'document_tag_links', 'documents', 'document_tags', 'document_folders']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
