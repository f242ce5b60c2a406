import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// The noticeboard: notices (addressed to everyone, to departments or to locations; published
// now or at a set time by the publish job; pinned; some asking for acknowledgement) and each
// person's receipt (read, acknowledged). Managers now write notices for their departments, so
// the Manager role's /api/notices entries widen from own to department.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 150`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull().check(sql`audience in ('everyone', 'departments', 'locations')`))
    .addColumn('department_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('location_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('publish_at', 'timestamptz', (c) => c.notNull())
    // Set once, by whoever publishes it (the write or the job): its audience is told then.
    .addColumn('published_at', 'timestamptz')
    .addColumn('expires_on', 'date')
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('acknowledgement_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('send_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX notices_company_idx ON notices (company_id, pinned DESC, publish_at DESC)`.execute(db);
  // The publish job's sweep: only notices still waiting.
  await sql`CREATE INDEX notices_due_idx ON notices (publish_at) WHERE published_at IS NULL`.execute(db);
  await enableTenantRls(db, 'notices');

  await db.schema
    .createTable('notice_receipts')
    .addColumn('notice_id', 'uuid', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('acknowledged_at', 'timestamptz')
    .addPrimaryKeyConstraint('notice_receipts_pk', ['notice_id', 'user_id'])
    .execute();
  await sql`CREATE INDEX notice_receipts_user_idx ON notice_receipts (company_id, user_id)`.execute(db);
  await enableTenantRls(db, 'notice_receipts');

  // Copied as it was when this migration was written: managers address their departments.
  await sql`
    UPDATE role_permissions p SET type = 'department'
    FROM roles r
    WHERE r.id = p.role_id AND r.name = 'Manager' AND r.company_id IS NOT NULL
      AND p.endpoint = '/api/notices' AND p.type = 'own'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE role_permissions p SET type = 'own'
    FROM roles r
    WHERE r.id = p.role_id AND r.name = 'Manager' AND r.company_id IS NOT NULL
      AND p.endpoint = '/api/notices' AND p.type = 'department'`.execute(db);
  await db.schema.dropTable('notice_receipts').ifExists().execute();
  await db.schema.dropTable('notices').ifExists().execute();
}
