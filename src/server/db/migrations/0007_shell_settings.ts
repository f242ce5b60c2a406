import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// The signed-in shell's data: alerts, contact requests, company settings, the
// overtime allowances beside each user's settings, and profile images.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Administrators write alerts in the system scope; company users read them in their own
  // tenant scope. A row for every company (company_id null) must reach every tenant, which
  // the standard tenant policy never lets through, so alerts get a policy of their own:
  // read when the row is for every company or for the transaction's company, write only in
  // the system scope. Even an anonymous transaction (the login screen) sees only the rows
  // for every company.
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('banner', 'dashboard')`))
    .addColumn('short_message', 'text', (c) => c.notNull().check(sql`char_length(short_message) between 1 and 200`))
    .addColumn('long_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz')
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alerts_published_idx').on('alerts').columns(['kind', 'published_at']).execute();
  await db.schema.createIndex('alerts_company_idx').on('alerts').column('company_id').execute();
  const system = sql`(SELECT current_setting('app.scope', true)) = 'system'`;
  await sql`ALTER TABLE alerts ENABLE ROW LEVEL SECURITY`.execute(db);
  await sql`ALTER TABLE alerts FORCE ROW LEVEL SECURITY`.execute(db);
  await sql`CREATE POLICY alerts_read ON alerts FOR SELECT USING (
    ${system} OR company_id IS NULL OR company_id = (SELECT nullif(current_setting('app.company_id', true), '')::uuid)
  )`.execute(db);
  await sql`CREATE POLICY alerts_write ON alerts FOR ALL USING (${system}) WITH CHECK (${system})`.execute(db);

  await db.schema
    .createTable('contact_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('contact_type', 'text', (c) => c.notNull().check(sql`contact_type in ('support', 'hr', 'hs')`))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`char_length(message) between 1 and 500`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('handled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('contact_requests_created_idx').on('contact_requests').column('created_at').execute();
  await db.schema.createIndex('contact_requests_company_idx').on('contact_requests').columns(['company_id', 'created_at']).execute();
  await enableTenantRls(db, 'contact_requests');

  await db.schema
    .createTable('company_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('return_to_work_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rota_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('overtime_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'company_settings');

  // user_settings comes from 0006 (notifications: email_notifications).
  await db.schema
    .alterTable('user_settings')
    .addColumn('allow_payable_overtime', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('allow_toil_overtime', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('profile_image_file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .execute();

  // Roles made before this migration get the new endpoints their templates now hold
  // (then in the role templates); companies created later take them from the templates. The system
  // scope lets an owner that is not a superuser past the roles' row-level policies.
  await sql`SELECT set_config('app.scope', 'system', true)`.execute(db);
  await sql`
    INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
    SELECT r.id, r.company_id, g.endpoint, m.method, g.type
    FROM roles r
    JOIN (VALUES
      ('Owner', '/api/company-settings', 'company', 'GET,POST,PUT,DELETE'),
      ('Owner', '/api/user-settings', 'company', 'GET,POST,PUT,DELETE'),
      ('Manager', '/api/company-settings', 'own', 'GET'),
      ('Manager', '/api/user-settings', 'department', 'GET,PUT'),
      ('Employee', '/api/company-settings', 'own', 'GET'),
      ('Employee', '/api/user-settings', 'own', 'GET,PUT'),
      ('Docs only', '/api/user-settings', 'own', 'GET,PUT'),
      ('Administrator', '/api/alerts', 'global', 'GET,POST,PUT,DELETE'),
      ('Administrator', '/api/company-settings', 'global', 'GET,POST,PUT,DELETE'),
      ('Administrator', '/api/user-settings', 'global', 'GET,POST,PUT,DELETE')
    ) AS g(role_name, endpoint, type, methods) ON g.role_name = r.name
      AND (r.company_id IS NULL) = (g.role_name = 'Administrator')
    CROSS JOIN LATERAL unnest(string_to_array(g.methods, ',')) AS m(method)
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT set_config('app.scope', '', true)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM role_permissions WHERE endpoint IN ('/api/alerts', '/api/company-settings', '/api/user-settings')`.execute(db);
  await db.schema.alterTable('users').dropColumn('profile_image_file_id').execute();
  await db.schema.alterTable('user_settings').dropColumn('allow_toil_overtime').dropColumn('allow_payable_overtime').execute();
  for (const table of ['company_settings', 'contact_requests', 'alerts']) await db.schema.dropTable(table).ifExists().execute();
}
