import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Authenticator apps (time-based codes) and recovery codes as a way to sign in besides
// e-mailed or texted codes. The app's secret is kept encrypted (AES-256-GCM, the key in
// server_secrets); recovery codes only as salted hashes. A company's owners may reset a
// person's two-factor (POST /api/user-2fa-reset); older companies' Owner roles get it here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('authenticator_apps')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('secret_box', 'text', (c) => c.notNull())
    // Null while being set up: only a confirmed app is asked for at sign-in.
    .addColumn('confirmed_at', 'timestamptz')
    // The last 30-second step whose code signed in: that code and every earlier one are spent.
    .addColumn('last_used_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'authenticator_apps');

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();
  await enableTenantRls(db, 'recovery_codes');

  await sql`ALTER TABLE users DROP CONSTRAINT users_two_factor_method_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_two_factor_method_check CHECK (two_factor_method IN ('mail', 'mobile', 'app'))`.execute(
    db,
  );
  await sql`ALTER TABLE two_factor_challenges DROP CONSTRAINT two_factor_challenges_method_check`.execute(db);
  await sql`ALTER TABLE two_factor_challenges ADD CONSTRAINT two_factor_challenges_method_check CHECK (method IN ('mail', 'mobile', 'app'))`.execute(
    db,
  );

  await sql`INSERT INTO server_secrets (name, value)
            VALUES ('authenticator_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
            ON CONFLICT DO NOTHING`.execute(db);

  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, r.company_id, '/api/user-2fa-reset', 'POST', 'company' FROM roles r
    WHERE r.name = 'Owner' AND r.company_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_permissions WHERE endpoint = '/api/user-2fa-reset'`.execute(db);
  await sql`DELETE FROM server_secrets WHERE name = 'authenticator_key'`.execute(db);
  await sql`UPDATE users SET two_factor_method = 'mail' WHERE two_factor_method = 'app'`.execute(db);
  await sql`DELETE FROM two_factor_challenges WHERE method = 'app'`.execute(db);
  await sql`ALTER TABLE two_factor_challenges DROP CONSTRAINT two_factor_challenges_method_check`.execute(db);
  await sql`ALTER TABLE two_factor_challenges ADD CONSTRAINT two_factor_challenges_method_check CHECK (method IN ('mail', 'mobile'))`.execute(
    db,
  );
  await sql`ALTER TABLE users DROP CONSTRAINT users_two_factor_method_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_two_factor_method_check CHECK (two_factor_method IN ('mail', 'mobile'))`.execute(db);
  await db.schema.dropTable('recovery_codes').ifExists().execute();
  await db.schema.dropTable('authenticator_apps').ifExists().execute();
}
