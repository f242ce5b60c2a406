import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Overtime: the company's overtime rates (which pay-rate types overtime is paid at, with their
// multiplier and payroll element code), its time-off-in-lieu expiry, and the reports people
// make (hours, reason, paid at a rate or time off in lieu), their decision and, once paid,
// the pay period that exported them (which locks them).

type Builder = CreateTableBuilder<string, string>;

function tenantTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** The overtime entries of the role templates when this migration was written (a migration means the same thing forever). */
const GRANTS: [role: string, endpoint: string, scope: string, methods: string][] = [
  ['Owner', '/api/overtime-settings', 'company', 'GET POST PUT DELETE'],
  ['HR admin', '/api/overtime-settings', 'company', 'GET POST PUT DELETE'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'overtime_rates')
    .addColumn('pay_rate_type_id', 'uuid', (c) => c.notNull().references('company_pay_rate_types.id').onDelete('cascade'))
    .addColumn('multiplier', sql`numeric(4,2)`, (c) => c.notNull().check(sql`multiplier between 0.5 and 5`))
    .addColumn('element_code', 'text', (c) => c.notNull().check(sql`element_code ~ '^[A-Z0-9_]{1,12}$'`))
    .addUniqueConstraint('overtime_rates_type_uq', ['company_id', 'pay_rate_type_id'])
    .execute();
  await enableTenantRls(db, 'overtime_rates');

  await db.schema
    .createTable('company_overtime_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('toil_expiry_months', 'integer', (c) => c.check(sql`toil_expiry_months between 1 and 24`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'company_overtime_settings');

  await tenantTable(db, 'user_overtime')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.check(sql`start_time ~ '^[0-2][0-9]:[0-5][0-9]$'`))
    .addColumn('end_time', 'text', (c) => c.check(sql`end_time ~ '^[0-2][0-9]:[0-5][0-9]$'`))
    .addColumn('hours', sql`numeric(5,2)`, (c) => c.notNull().check(sql`hours > 0 and hours <= 24`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 1000`))
    .addColumn('compensation', 'text', (c) => c.notNull().check(sql`compensation in ('paid', 'toil')`))
    .addColumn('overtime_rate_id', 'uuid', (c) => c.references('overtime_rates.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('reported')
        .check(sql`status in ('reported', 'approved', 'declined', 'cancelled')`),
    )
    .addColumn('decline_reason', 'text')
    .addColumn('reported_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('toil_expires_on', 'date')
    .addColumn('toil_expired_at', 'timestamptz')
    .addColumn('payroll_period_id', 'uuid')
    .addColumn('exported_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('user_overtime_rate_ck', sql`(compensation = 'paid') = (overtime_rate_id is not null)`)
    .execute();
  await sql`CREATE INDEX user_overtime_company_status_idx ON user_overtime (company_id, status, date DESC)`.execute(db);
  await sql`CREATE INDEX user_overtime_user_idx ON user_overtime (company_id, user_id, date DESC)`.execute(db);
  await sql`CREATE INDEX user_overtime_toil_expiry_idx ON user_overtime (toil_expires_on) WHERE toil_expires_on IS NOT NULL AND toil_expired_at IS NULL`.execute(
    db,
  );
  await enableTenantRls(db, 'user_overtime');

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
  await sql`DELETE FROM role_permissions WHERE endpoint = '/api/overtime-settings'`.execute(db);
  await db.schema.dropTable('user_overtime').ifExists().execute();
  await db.schema.dropTable('company_overtime_settings').ifExists().execute();
  await db.schema.dropTable('overtime_rates').ifExists().execute();
}
