import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Payroll data: the company's pay period (frequency, first day) and payroll contact, the
// periods exported (locked) with the items each carried, and every sending of a period's
// data to the payroll contact (who, to whom, which layout, when, and the expiring link's
// token digest).

type Builder = CreateTableBuilder<string, string>;

function tenantTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** The payroll entries of the role templates when this migration was written. */
const GRANTS: [role: string, endpoint: string, scope: string, methods: string][] = [
  ['Owner', '/api/payroll-period', 'company', 'GET POST PUT DELETE'],
  ['HR admin', '/api/payroll-period', 'company', 'GET POST PUT DELETE'],
  ['Owner', '/api/payroll-settings', 'company', 'GET POST PUT DELETE'],
  ['HR admin', '/api/payroll-settings', 'company', 'GET POST PUT DELETE'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_payroll_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('frequency', 'text', (c) =>
      c
        .notNull()
        .defaultTo('monthly')
        .check(sql`frequency in ('weekly', 'fortnightly', 'four_weekly', 'monthly')`),
    )
    .addColumn('first_period_start', 'date', (c) => c.notNull())
    .addColumn('payroll_contact_email', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'company_payroll_settings');

  await tenantTable(db, 'payroll_periods')
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('exported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('exported_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('payroll_periods_start_uq', ['company_id', 'start_date'])
    .addCheckConstraint('payroll_periods_dates_ck', sql`end_date >= start_date`)
    .execute();
  await enableTenantRls(db, 'payroll_periods');

  await tenantTable(db, 'payroll_items')
    .addColumn('period_id', 'uuid', (c) => c.notNull().references('payroll_periods.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('item_date', 'date', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('hours', sql`numeric(10,2)`)
    .addColumn('multiplier', sql`numeric(4,2)`)
    .addColumn('days', sql`numeric(10,2)`)
    .addColumn('qualifying_days', sql`numeric(10,2)`)
    .addColumn('amount', sql`numeric(12,2)`)
    .addColumn('taxable', 'boolean')
    .addUniqueConstraint('payroll_items_source_uq', ['company_id', 'source', 'source_key'])
    .execute();
  await sql`CREATE INDEX payroll_items_period_idx ON payroll_items (company_id, period_id)`.execute(db);
  await enableTenantRls(db, 'payroll_items');

  await tenantTable(db, 'payroll_sends')
    .addColumn('period_id', 'uuid', (c) => c.notNull().references('payroll_periods.id').onDelete('cascade'))
    .addColumn('sent_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull().check(sql`layout in ('csv', 'xlsx', 'elements')`))
    .addColumn('token_digest', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('downloaded_at', 'timestamptz')
    .execute();
  await enableTenantRls(db, 'payroll_sends');

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
  await sql`DELETE FROM role_permissions WHERE endpoint IN ('/api/payroll-period', '/api/payroll-settings')`.execute(db);
  for (const table of ['payroll_sends', 'payroll_items', 'payroll_periods', 'company_payroll_settings']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
