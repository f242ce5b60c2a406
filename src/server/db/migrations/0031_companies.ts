import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Companies as administrators run them: a company is active, on hold or disabled (on hold or
// disabled, its people cannot sign in), with the reason of its last change; it has an address,
// the products it bought (HR, H&S, documents only) and the seats (people) it pays for — null
// for a company made before seats were counted, which is never refused a person. A person's
// own access (on hold, disabled) is separate from their onboarding status. Orders are what a
// company's owner asks for (more seats, a product) and administrators confirm or decline.
const GRANTS: readonly (readonly [role: string, endpoint: string, scope: string, methods: string])[] = [
  ['Administrator', '/api/companies', 'global', 'GET POST PUT'],
  ['Administrator', '/api/company-orders', 'global', 'GET PUT'],
  ['Administrator', '/api/administrators', 'global', 'GET POST DELETE'],
  ['Administrator', '/api/platform-audit', 'global', 'GET'],
  ['Owner', '/api/orders', 'company', 'GET POST'],
  ['Owner', '/api/company-setup', 'company', 'GET'],
  ['Owner', '/api/user-access', 'company', 'PUT'],
  ['HR admin', '/api/company-setup', 'company', 'GET'],
  ['HR admin', '/api/user-access', 'company', 'PUT'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE companies DROP CONSTRAINT IF EXISTS companies_status_check`.execute(db);
  await sql`UPDATE companies SET status = 'disabled' WHERE status IN ('inactive', 'access_disabled')`.execute(db);
  await sql`ALTER TABLE companies ADD CONSTRAINT companies_status_check CHECK (status IN ('active', 'on_hold', 'disabled'))`.execute(db);
  await sql`ALTER TABLE companies
              ADD COLUMN address text CHECK (char_length(address) <= 500),
              ADD COLUMN documents_client boolean NOT NULL DEFAULT false,
              ADD COLUMN seats integer CHECK (seats BETWEEN 1 AND 100000),
              ADD COLUMN status_reason text CHECK (char_length(status_reason) <= 1000),
              ADD COLUMN status_changed_at timestamptz`.execute(db);
  await sql`CREATE INDEX companies_name_idx ON companies (lower(name))`.execute(db);

  await sql`ALTER TABLE users ADD COLUMN access text NOT NULL DEFAULT 'active' CHECK (access IN ('active', 'on_hold', 'disabled'))`.execute(
    db,
  );

  await db.schema
    .createTable('company_orders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('number', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('seats', 'product')`))
    .addColumn('product', 'text', (c) => c.check(sql`product in ('hr', 'hs', 'documents')`))
    .addColumn('seats', 'integer', (c) => c.check(sql`seats between 1 and 10000`))
    .addColumn('amount_pence', 'integer', (c) => c.notNull().check(sql`amount_pence >= 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'confirmed', 'declined')`),
    )
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 1000`))
    .addColumn('ordered_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('ordered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decline_reason', 'text', (c) => c.check(sql`char_length(decline_reason) <= 1000`))
    .addCheckConstraint('company_orders_shape', sql`(kind = 'seats' and seats is not null) or (kind = 'product' and product is not null)`)
    .execute();
  await sql`CREATE INDEX company_orders_company_idx ON company_orders (company_id, ordered_at DESC)`.execute(db);
  await sql`CREATE INDEX company_orders_pending_idx ON company_orders (ordered_at) WHERE status = 'pending'`.execute(db);
  await enableTenantRls(db, 'company_orders');

  for (const [role, endpoint, scope, methods] of GRANTS) {
    for (const method of methods.split(' ')) {
      await sql`
        INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
        SELECT r.id, r.company_id, ${endpoint}, ${method}, ${scope} FROM roles r
        WHERE r.name = ${role} AND (r.company_id IS NULL) = ${role === 'Administrator'}
        ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [, endpoint] of GRANTS)
    await sql`DELETE FROM role_permissions WHERE endpoint = ${endpoint} AND endpoint <> '/api/companies'`.execute(db);
  await sql`DELETE FROM role_permissions WHERE endpoint = '/api/companies' AND method <> 'GET'`.execute(db);
  await db.schema.dropTable('company_orders').ifExists().execute();
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS access`.execute(db);
  await sql`DROP INDEX IF EXISTS companies_name_idx`.execute(db);
  await sql`ALTER TABLE companies DROP COLUMN IF EXISTS address, DROP COLUMN IF EXISTS documents_client, DROP COLUMN IF EXISTS seats,
              DROP COLUMN IF EXISTS status_reason, DROP COLUMN IF EXISTS status_changed_at`.execute(db);
  await sql`ALTER TABLE companies DROP CONSTRAINT IF EXISTS companies_status_check`.execute(db);
  await sql`UPDATE companies SET status = 'inactive' WHERE status = 'disabled'`.execute(db);
  await sql`ALTER TABLE companies ADD CONSTRAINT companies_status_check
              CHECK (status IN ('active', 'on_hold', 'access_disabled', 'inactive'))`.execute(db);
}
