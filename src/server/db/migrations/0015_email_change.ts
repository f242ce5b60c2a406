import { sql, type Kysely } from 'kysely';

// A change of someone's sign-in e-mail waits here until the new address confirms it. Found
// by the hash of the token in the link before any company is known, like the other link
// tokens: no row-level policy, reached only by that hash, or by user and company when a
// newer request ends the older one or the profile shows the change still pending.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('email_change_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (c) => c.notNull())
    // No foreign key: the request outlives whoever made it, like an audit entry.
    .addColumn('requested_by', 'uuid')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('email_change_tokens_user_idx').on('email_change_tokens').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_change_tokens').ifExists().execute();
}
