import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// Expenses: each company's expense types and its own mileage rates, claims with their items
// (money in pence, miles in tenths), receipts (rows of `files`) and each claim's history.
// Every company starts with the common expense types. Claims use /api/user-expense, which every
// role already holds since the roles were made; /api/expense-type (the types and mileage rates)
// is new and given here to the Owner and HR admin roles made before it.

type Builder = CreateTableBuilder<string, string>;

function tenantTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}
const inList = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

// The vocabularies as they were when this migration was written.
const CLAIM_STATUSES = ['draft', 'submitted', 'approved', 'partly_approved', 'rejected', 'paid', 'exported'];
const DEFAULT_TYPES: [string, number | null, boolean][] = [
  ['Accommodation', null, true],
  ['Equipment', 50000, true],
  ['Subsistence', 2500, true],
  ['Travel', null, false],
];
const pence =
  (column: string, nullable = false) =>
  (b: Builder) =>
    b.addColumn(column, 'bigint', (c) => {
      const checked = c.check(sql`${sql.ref(column)} >= 0`);
      return nullable ? checked : checked.notNull().defaultTo(0);
    });

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'expense_types')
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 80`))
    .addColumn('limit_pence', 'bigint', (c) => c.check(sql`limit_pence > 0`))
    .addColumn('receipt_required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX expense_types_company_name_uq ON expense_types (company_id, lower(name))`.execute(db);
  await enableTenantRls(db, 'expense_types');

  await db.schema
    .createTable('expense_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('car_rate_pence', 'integer', (c) => c.check(sql`car_rate_pence between 1 and 200`))
    .addColumn('motorcycle_rate_pence', 'integer', (c) => c.check(sql`motorcycle_rate_pence between 1 and 200`))
    .addColumn('bicycle_rate_pence', 'integer', (c) => c.check(sql`bicycle_rate_pence between 1 and 200`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'expense_settings');

  let claims = tenantTable(db, 'expense_claims')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('claim_type', 'text', (c) => c.notNull().check(inList('claim_type', ['expense', 'mileage'])))
    .addColumn('description', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(description) <= 200`),
    )
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft').check(inList('status', CLAIM_STATUSES)));
  for (const column of ['total_pence', 'taxable_pence']) claims = pence(column)(claims);
  claims = pence('approved_pence', true)(claims);
  await claims
    .addColumn('first_date', 'date')
    .addColumn('last_date', 'date')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reject_reason', 'text', (c) => c.check(sql`char_length(reject_reason) <= 1000`))
    .addColumn('paid_on', 'date')
    .addColumn('exported_at', 'timestamptz')
    .addColumn('export_reference', 'text', (c) => c.check(sql`char_length(export_reference) <= 200`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('expense_claims_status_idx').on('expense_claims').columns(['company_id', 'status', 'submitted_at']).execute();
  await db.schema.createIndex('expense_claims_user_idx').on('expense_claims').columns(['company_id', 'user_id', 'created_at']).execute();
  await enableTenantRls(db, 'expense_claims');

  let items = tenantTable(db, 'expense_items')
    .addColumn('claim_id', 'uuid', (c) => c.notNull().references('expense_claims.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('expense_type_id', 'uuid', (c) => c.references('expense_types.id').onDelete('restrict'))
    .addColumn('description', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(description) <= 200`),
    )
    .addColumn('supplier', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(supplier) <= 120`),
    )
    .addColumn('vat_receipt_held', 'boolean', (c) => c.notNull().defaultTo(false));
  for (const column of ['gross_pence', 'vat_pence', 'taxable_pence']) items = pence(column)(items);
  items = pence('approved_pence', true)(items);
  items = pence('hmrc_pence', true)(items);
  await items
    .addColumn('miles_tenths', 'integer', (c) => c.check(sql`miles_tenths > 0`))
    .addColumn('vehicle', 'text', (c) => c.check(inList('vehicle', ['car', 'motorcycle', 'bicycle'])))
    .addColumn('passengers', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`passengers between 0 and 8`),
    )
    .addColumn('from_place', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(from_place) <= 120`),
    )
    .addColumn('to_place', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(to_place) <= 120`),
    )
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`char_length(purpose) <= 200`),
    )
    .addColumn('calculation', 'text', (c) => c.check(sql`char_length(calculation) <= 300`))
    .addCheckConstraint('expense_items_kind_ck', sql`(miles_tenths IS NULL) = (vehicle IS NULL)`)
    .execute();
  await db.schema.createIndex('expense_items_claim_idx').on('expense_items').columns(['claim_id', 'position']).execute();
  await enableTenantRls(db, 'expense_items');

  await tenantTable(db, 'expense_receipts')
    .addColumn('claim_id', 'uuid', (c) => c.notNull().references('expense_claims.id').onDelete('cascade'))
    .addColumn('item_id', 'uuid', (c) => c.notNull().references('expense_items.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('expense_receipts_claim_idx').on('expense_receipts').columns(['claim_id', 'item_id']).execute();
  await enableTenantRls(db, 'expense_receipts');

  await tenantTable(db, 'expense_claim_events')
    .addColumn('claim_id', 'uuid', (c) => c.notNull().references('expense_claims.id').onDelete('cascade'))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`char_length(action) <= 40`))
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 2000`))
    .execute();
  await db.schema.createIndex('expense_claim_events_claim_idx').on('expense_claim_events').columns(['claim_id', 'created_at']).execute();
  await enableTenantRls(db, 'expense_claim_events');

  const defaults = sql.join(
    DEFAULT_TYPES.map(
      ([name, limit, receipt]) => sql`(${sql.lit(name)}, ${limit === null ? sql`NULL::bigint` : sql.lit(limit)}, ${sql.lit(receipt)})`,
    ),
  );
  await sql`
    CREATE FUNCTION expense_defaults_for_company(target uuid) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE previous text := current_setting('app.scope', true);
    BEGIN
      PERFORM set_config('app.scope', 'system', true);
      INSERT INTO expense_types (company_id, name, limit_pence, receipt_required)
      SELECT target, v.name, v.limit_pence, v.receipt FROM (VALUES ${defaults}) AS v(name, limit_pence, receipt)
      ON CONFLICT DO NOTHING;
      PERFORM set_config('app.scope', coalesce(previous, ''), true);
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION expense_defaults_on_company_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM expense_defaults_for_company(NEW.id); RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER companies_expense_defaults AFTER INSERT ON companies FOR EACH ROW EXECUTE FUNCTION expense_defaults_on_company_insert()`.execute(
    db,
  );
  await sql`SELECT expense_defaults_for_company(id) FROM companies`.execute(db);

  // Copied as it was when this migration was written: a migration means the same thing forever.
  for (const role of ['Owner', 'HR admin']) {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      await sql`
        INSERT INTO role_permissions (role_id, company_id, endpoint, method, type)
        SELECT r.id, r.company_id, '/api/expense-type', ${method}, 'company' FROM roles r
        WHERE r.name = ${role} AND r.company_id IS NOT NULL
        ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS companies_expense_defaults ON companies`.execute(db);
  await sql`DROP FUNCTION IF EXISTS expense_defaults_on_company_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS expense_defaults_for_company(uuid)`.execute(db);
  for (const table of [
    'expense_claim_events',
    'expense_receipts',
    'expense_items',
    'expense_claims',
    'expense_settings',
    'expense_types',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
