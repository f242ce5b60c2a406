import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Sign-in security: failed attempts and locks per e-mail address, two-factor challenges,
// password-reset links, the users' two-factor setting, and the insert-only audit log.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Keyed by the lower-cased address typed in, whether or not an account has it, so an
  // unknown address is counted and locked exactly like a known one. No company column and
  // no row-level policy: the row exists before any company is known (often for no company
  // at all) and is reached only by that address, in the system scope of sign-in and reset.
  await db.schema
    .createTable('login_attempts')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(email)`))
    .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failed_at', 'timestamptz')
    .addColumn('locked_until', 'timestamptz')
    .execute();

  // The code itself is never stored: only a salted hash, checked at most `guesses` times.
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('mail', 'mobile')`))
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('guesses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('two_factor_challenges_user_idx').on('two_factor_challenges').columns(['user_id', 'created_at']).execute();
  await enableTenantRls(db, 'two_factor_challenges');

  // Found by the hash of the token in the link before any company is known, like sessions:
  // no row-level policy, reached only by that hash (or by user when a reset ends them all).
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .alterTable('users')
    .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('two_factor_method', 'text', (c) =>
      c
        .notNull()
        .defaultTo('mail')
        .check(sql`two_factor_method in ('mail', 'mobile')`),
    )
    .execute();

  // No foreign keys: entries outlive the users and companies they name. The application
  // role may add and read entries but never change or remove one (REVOKE below); reading is
  // limited to the transaction's company by the usual tenant policy.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('actor_id', 'uuid')
    .addColumn('impersonator_id', 'uuid')
    .addColumn('company_id', 'uuid')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'jsonb')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_company_idx').on('audit_log').columns(['company_id', 'created_at']).execute();
  await enableTenantRls(db, 'audit_log');
  await sql`REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM stafflane_app`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('two_factor_method').dropColumn('two_factor_enabled').execute();
  for (const table of ['password_reset_tokens', 'two_factor_challenges', 'login_attempts']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
