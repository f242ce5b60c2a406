import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Onboarding: invitation links, the moment a user confirmed their
// e-mail and accepted the terms, and each user's line managers (`line_managers`).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Found by the hash of the token in the link before any company is known, like
  // password_reset_tokens: no row-level policy, reached only by that hash (or by user when a
  // new invitation or a finished onboarding ends the older links).
  await db.schema
    .createTable('invitation_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invitation_tokens_user_idx').on('invitation_tokens').column('user_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('email_confirmed_at', 'timestamptz')
    .addColumn('terms_accepted_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('user_line_managers')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('manager_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_line_managers_pk', ['user_id', 'manager_id'])
    .addCheckConstraint('user_line_managers_not_self', sql`user_id <> manager_id`)
    .execute();
  await db.schema.createIndex('user_line_managers_manager_idx').on('user_line_managers').column('manager_id').execute();
  await enableTenantRls(db, 'user_line_managers');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_line_managers').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('terms_accepted_at').dropColumn('email_confirmed_at').execute();
  await db.schema.dropTable('invitation_tokens').ifExists().execute();
}
