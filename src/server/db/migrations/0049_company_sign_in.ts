import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// How a company's people sign in: who must use a second factor (nobody, everyone, or owners and
// HR admins — companies.require_two_factor stays the "everyone" switch), and signing in with
// Microsoft Entra ID or Google Workspace (OpenID Connect) for the company's own e-mail domains.
// The provider's client secret is kept encrypted (AES-256-GCM under server_secrets'
// authenticator key); a domain belongs to one company at most. A sign-in in progress (state,
// nonce, PKCE verifier) belongs to nobody yet and is reached by its state only, in the system
// scope. HR admins may now reset a person's two-factor too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_sign_in')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('two_factor_for', 'text', (c) =>
      c
        .notNull()
        .defaultTo('nobody')
        .check(sql`two_factor_for IN ('nobody', 'everyone', 'administrators')`),
    )
    .addColumn('provider', 'text', (c) => c.check(sql`provider IN ('microsoft', 'google')`))
    .addColumn('issuer', 'text')
    .addColumn('client_id', 'text')
    .addColumn('client_secret_box', 'text')
    .addColumn('passwords_allowed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'company_sign_in');

  await db.schema
    .createTable('company_sign_in_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey().check(sql`domain = lower(domain)`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('company_sign_in_domains_company_idx').on('company_sign_in_domains').column('company_id').execute();
  await enableTenantRls(db, 'company_sign_in_domains');

  await db.schema
    .createTable('oidc_sign_in_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`
    INSERT INTO company_sign_in (company_id, two_factor_for)
    SELECT id, 'everyone' FROM companies WHERE require_two_factor
    ON CONFLICT DO NOTHING`.execute(db);

  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, r.company_id, e.endpoint, e.method, 'company' FROM roles r
    CROSS JOIN (VALUES ('/api/company-sign-in', 'GET'), ('/api/company-sign-in', 'PUT')) AS e(endpoint, method)
    WHERE r.name = 'Owner' AND r.company_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, r.company_id, '/api/user-2fa-reset', 'POST', 'company' FROM roles r
    WHERE r.name = 'HR admin' AND r.company_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_permissions WHERE endpoint = '/api/company-sign-in'`.execute(db);
  await sql`DELETE FROM role_permissions r USING roles o
            WHERE r.role_id = o.id AND o.name = 'HR admin' AND r.endpoint = '/api/user-2fa-reset'`.execute(db);
  await db.schema.dropTable('oidc_sign_in_states').ifExists().execute();
  await db.schema.dropTable('company_sign_in_domains').ifExists().execute();
  await db.schema.dropTable('company_sign_in').ifExists().execute();
}
