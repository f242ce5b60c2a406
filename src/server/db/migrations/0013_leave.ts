import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';
import { GRANTS } from './0013_leave.grants';

// Leave and absences: leave types, policy templates and their assignment, leave
// years (periods) with a logged value per leave type, absences with their history, medical
// detail (special-category), blocked dates, company bank-holiday additions, return-to-work
// items and the company's leave-year start. The UK bank holidays themselves ship as data in
// src/modules/leave (bank-holidays.data.ts), not as rows.

type Builder = CreateTableBuilder<string, string>;

function tenantTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}
const userColumn = (b: Builder) => b.addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'));
const inList = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** The built-in leave types every company starts with: key, name, paid, deducted, needs approval, colour. */
export const BUILT_IN_LEAVE_TYPE_ROWS: [string, string, boolean, boolean, boolean, string][] = [
  ['annual_leave', 'Annual leave', true, true, true, 'green'],
  ['sickness', 'Sickness', true, false, false, 'red'],
  ['compassionate', 'Compassionate leave', true, false, true, 'grape'],
  ['maternity', 'Maternity leave', true, false, true, 'pink'],
  ['paternity', 'Paternity leave', true, false, true, 'indigo'],
  ['adoption', 'Adoption leave', true, false, true, 'violet'],
  ['shared_parental', 'Shared parental leave', true, false, true, 'cyan'],
  ['neonatal_care', 'Neonatal care leave', true, false, true, 'teal'],
  ['parental_bereavement', 'Parental bereavement leave', true, false, true, 'dark'],
  ['carers_leave', "Carer's leave", false, false, true, 'lime'],
  ['dependants', 'Time off for dependants', false, false, true, 'orange'],
  ['unpaid_parental', 'Unpaid parental leave', false, false, true, 'yellow'],
  ['unpaid', 'Unpaid leave', false, false, true, 'gray'],
  ['toil', 'Time off in lieu', true, true, true, 'blue'],
  ['other', 'Other', false, false, true, 'gray'],
];
const builtInValues = sql.join(
  BUILT_IN_LEAVE_TYPE_ROWS.map(
    ([key, name, paid, deducted, approval, colour], index) =>
      sql`(${sql.lit(key)}, ${sql.lit(name)}, ${sql.lit(paid)}, ${sql.lit(deducted)}, ${sql.lit(approval)}, ${sql.lit(colour)}, ${sql.lit(index)})`,
  ),
);

// The vocabularies as they were when this migration was written (the contract may grow; a
// later migration widens these checks).
const LEAVE_TYPE_KEYS = [
  'annual_leave',
  'sickness',
  'compassionate',
  'maternity',
  'paternity',
  'adoption',
  'shared_parental',
  'neonatal_care',
  'parental_bereavement',
  'carers_leave',
  'dependants',
  'unpaid_parental',
  'unpaid',
  'toil',
  'other',
];
const ABSENCE_STATUSES = ['pending', 'approved', 'declined', 'cancelled', 'cancellation_requested'];
const VALUE_LOG_KINDS = [
  'entitlement',
  'carry_over',
  'adjustment',
  'accrual',
  'hours_worked',
  'service',
  'expiry',
  'bank_holidays',
  'absence',
  'absence_cancelled',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'leave_types')
    .addColumn('key', 'text', (c) => c.check(inList('key', LEAVE_TYPE_KEYS)))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('paid', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deducted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('needs_approval', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('colour', 'text', (c) => c.notNull().defaultTo('gray'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('archived_at', 'timestamptz')
    .addUniqueConstraint('leave_types_company_key_uq', ['company_id', 'key'])
    .addUniqueConstraint('leave_types_company_name_uq', ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, 'leave_types');

  await tenantTable(db, 'absence_policy_templates')
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('unit', 'text', (c) =>
      c
        .notNull()
        .defaultTo('days')
        .check(inList('unit', ['days', 'hours'])),
    )
    // The full-time year's allowance in `unit`, before pro-rata.
    .addColumn('allowance', sql`numeric(7,2)`, (c) => c.notNull().check(sql`allowance between 0 and 10000`))
    .addColumn('full_time_days_per_week', sql`numeric(3,1)`, (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`full_time_days_per_week between 1 and 7`),
    )
    .addColumn('full_time_hours_per_week', sql`numeric(5,2)`, (c) =>
      c
        .notNull()
        .defaultTo(37.5)
        .check(sql`full_time_hours_per_week between 1 and 168`),
    )
    .addColumn('bank_holidays', 'text', (c) =>
      c
        .notNull()
        .defaultTo('included')
        .check(inList('bank_holidays', ['included', 'on_top'])),
    )
    .addColumn('accrual', 'text', (c) =>
      c
        .notNull()
        .defaultTo('upfront')
        .check(inList('accrual', ['upfront', 'monthly', 'hours_worked'])),
    )
    .addColumn('carry_over_max', sql`numeric(7,2)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`carry_over_max >= 0`),
    )
    .addColumn('carry_over_expiry_months', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`carry_over_expiry_months between 0 and 12`),
    )
    .addColumn('allow_negative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('service_steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('absence_policy_templates_company_name_uq', ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, 'absence_policy_templates');

  await db.schema
    .createTable('company_leave_settings')
    .addColumn('company_id', 'uuid', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('leave_year_start_month', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`leave_year_start_month between 1 and 12`),
    )
    .addColumn('leave_year_start_day', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`leave_year_start_day between 1 and 28`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'company_leave_settings');

  await db.schema
    .createTable('user_absence_policies')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('absence_policy_templates.id').onDelete('restrict'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('user_absence_policies_template_idx').on('user_absence_policies').column('template_id').execute();
  await enableTenantRls(db, 'user_absence_policies');

  await userColumn(tenantTable(db, 'user_absence_periods'))
    .addColumn('template_id', 'uuid', (c) => c.references('absence_policy_templates.id').onDelete('set null'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('unit', 'text', (c) => c.notNull().check(inList('unit', ['days', 'hours'])))
    .addUniqueConstraint('user_absence_periods_user_start_uq', ['user_id', 'start_date'])
    .addCheckConstraint('user_absence_periods_dates_ck', sql`end_date >= start_date`)
    .execute();
  await db.schema
    .createIndex('user_absence_periods_company_idx')
    .on('user_absence_periods')
    .columns(['company_id', 'start_date'])
    .execute();
  await enableTenantRls(db, 'user_absence_periods');

  await userColumn(tenantTable(db, 'user_absence_period_values'))
    .addColumn('period_id', 'uuid', (c) => c.notNull().references('user_absence_periods.id').onDelete('cascade'))
    .addColumn('leave_type_id', 'uuid', (c) => c.notNull().references('leave_types.id').onDelete('cascade'))
    .addColumn('unit', 'text', (c) => c.notNull().check(inList('unit', ['days', 'hours'])))
    // What the policy gave for the year after pro-rata (for display); the balance is the logs' sum.
    .addColumn('entitlement', sql`numeric(9,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('carried_over', sql`numeric(9,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('carry_over_expires_on', 'date')
    .addColumn('balance', sql`numeric(9,2)`, (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('user_absence_period_values_uq', ['period_id', 'leave_type_id'])
    .execute();
  await db.schema.createIndex('user_absence_period_values_user_idx').on('user_absence_period_values').columns(['user_id']).execute();
  await enableTenantRls(db, 'user_absence_period_values');

  await userColumn(tenantTable(db, 'user_absences'))
    .addColumn('leave_type_id', 'uuid', (c) => c.notNull().references('leave_types.id').onDelete('restrict'))
    .addColumn('period_id', 'uuid', (c) => c.references('user_absence_periods.id').onDelete('set null'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    // Null only for an open-ended sickness absence.
    .addColumn('end_date', 'date')
    .addColumn('duration_type', 'text', (c) => c.notNull().check(inList('duration_type', ['days', 'half_day', 'hours'])))
    .addColumn('half_day_part', 'text', (c) => c.check(inList('half_day_part', ['morning', 'afternoon'])))
    .addColumn('hours', sql`numeric(5,2)`, (c) => c.check(sql`hours > 0 and hours <= 24`))
    .addColumn('deduction', sql`numeric(9,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('deduction_unit', 'text', (c) =>
      c
        .notNull()
        .defaultTo('days')
        .check(inList('deduction_unit', ['days', 'hours'])),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(inList('status', ABSENCE_STATUSES)))
    .addColumn('notes', 'text', (c) => c.check(sql`char_length(notes) <= 2000`))
    .addColumn('decline_reason', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('blocked_override_reason', 'text')
    .addColumn('sickness_category', 'text')
    .addColumn('returned_on', 'date')
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('user_absences_dates_ck', sql`end_date is null or end_date >= start_date`)
    .execute();
  await db.schema.createIndex('user_absences_user_idx').on('user_absences').columns(['user_id', 'start_date']).execute();
  await db.schema.createIndex('user_absences_status_idx').on('user_absences').columns(['company_id', 'status', 'start_date']).execute();
  // Balances sum a period's pending, taken and booked deductions per leave type.
  await db.schema.createIndex('user_absences_period_idx').on('user_absences').columns(['period_id', 'leave_type_id', 'status']).execute();
  await db.schema.createIndex('user_absences_dates_idx').on('user_absences').columns(['company_id', 'start_date', 'end_date']).execute();
  await enableTenantRls(db, 'user_absences');

  await userColumn(tenantTable(db, 'user_absence_period_value_logs'))
    .addColumn('value_id', 'uuid', (c) => c.notNull().references('user_absence_period_values.id').onDelete('cascade'))
    .addColumn('change', sql`numeric(9,2)`, (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(inList('kind', VALUE_LOG_KINDS)))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 500`))
    .addColumn('hours_worked', sql`numeric(7,2)`)
    .addColumn('absence_id', 'uuid', (c) => c.references('user_absences.id').onDelete('set null'))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('user_absence_period_value_logs_value_idx')
    .on('user_absence_period_value_logs')
    .columns(['value_id', 'created_at'])
    .execute();
  await enableTenantRls(db, 'user_absence_period_value_logs');

  // Medical detail of a sickness absence: special-category, read only through the gate.
  await db.schema
    .createTable('user_absence_medical')
    .addColumn('absence_id', 'uuid', (c) => c.primaryKey().references('user_absences.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('detail', 'text', (c) => c.notNull().check(sql`char_length(detail) <= 2000`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'user_absence_medical');

  await tenantTable(db, 'user_absence_events')
    .addColumn('absence_id', 'uuid', (c) => c.notNull().references('user_absences.id').onDelete('cascade'))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.check(sql`char_length(note) <= 2000`))
    .execute();
  await db.schema.createIndex('user_absence_events_absence_idx').on('user_absence_events').columns(['absence_id', 'created_at']).execute();
  await enableTenantRls(db, 'user_absence_events');

  await tenantTable(db, 'blocked_date_periods')
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date', (c) => c.notNull())
    // Null: the whole company.
    .addColumn('department_id', 'uuid', (c) => c.references('departments.id').onDelete('cascade'))
    .addColumn('notes', 'text', (c) => c.check(sql`char_length(notes) <= 2000`))
    .addCheckConstraint('blocked_date_periods_dates_ck', sql`end_date >= start_date`)
    .execute();
  await db.schema
    .createIndex('blocked_date_periods_company_idx')
    .on('blocked_date_periods')
    .columns(['company_id', 'start_date'])
    .execute();
  await enableTenantRls(db, 'blocked_date_periods');

  await tenantTable(db, 'company_bank_holidays')
    .addColumn('date', 'date', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    // Null: every region.
    .addColumn('region', 'text', (c) => c.check(inList('region', ['england-and-wales', 'scotland', 'northern-ireland'])))
    .execute();
  await sql`CREATE UNIQUE INDEX company_bank_holidays_uq ON company_bank_holidays (company_id, date, coalesce(region, ''))`.execute(db);
  await enableTenantRls(db, 'company_bank_holidays');

  await userColumn(tenantTable(db, 'return_to_work_items'))
    .addColumn('absence_id', 'uuid', (c) => c.notNull().unique().references('user_absences.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(inList('kind', ['self_certification', 'fit_note'])))
    .addColumn('status', 'text', (c) => c.notNull().check(inList('status', ['awaiting_employee', 'awaiting_review', 'closed'])))
    .addColumn('first_day', 'date', (c) => c.notNull())
    .addColumn('last_day', 'date', (c) => c.notNull())
    // Special-category: the self-certification's answers.
    .addColumn('answers', 'jsonb')
    .addColumn('fit_note_file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('review_note', 'text', (c) => c.check(sql`char_length(review_note) <= 2000`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('return_to_work_items_status_idx').on('return_to_work_items').columns(['company_id', 'status']).execute();
  await enableTenantRls(db, 'return_to_work_items');

  // Every company starts with the built-in leave types and a statutory policy template: for
  // existing companies now, for new ones by trigger (company creation runs in the system
  // scope or the new company's; the function makes sure the rows are visible either way).
  await sql`
    CREATE FUNCTION leave_defaults_for_company(target uuid) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE previous text := current_setting('app.scope', true);
    BEGIN
      PERFORM set_config('app.scope', 'system', true);
      INSERT INTO leave_types (company_id, key, name, paid, deducted, needs_approval, colour, sort_order)
      SELECT target, v.key, v.name, v.paid, v.deducted, v.approval, v.colour, v.sort_order
      FROM (VALUES ${builtInValues}) AS v(key, name, paid, deducted, approval, colour, sort_order)
      ON CONFLICT DO NOTHING;
      INSERT INTO absence_policy_templates (company_id, name, unit, allowance, bank_holidays, is_default)
      VALUES (target, 'Statutory (5.6 weeks)', 'days', 28, 'included', true)
      ON CONFLICT DO NOTHING;
      PERFORM set_config('app.scope', coalesce(previous, ''), true);
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION leave_defaults_on_company_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM leave_defaults_for_company(NEW.id); RETURN NEW; END $$`.execute(db);
  await sql`CREATE TRIGGER companies_leave_defaults AFTER INSERT ON companies FOR EACH ROW EXECUTE FUNCTION leave_defaults_on_company_insert()`.execute(
    db,
  );
  await sql`SELECT leave_defaults_for_company(id) FROM companies`.execute(db);

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
  await sql`DROP TRIGGER IF EXISTS companies_leave_defaults ON companies`.execute(db);
  await sql`DROP FUNCTION IF EXISTS leave_defaults_on_company_insert()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS leave_defaults_for_company(uuid)`.execute(db);
  for (const table of [
    'return_to_work_items',
    'company_bank_holidays',
    'blocked_date_periods',
    'user_absence_events',
    'user_absence_medical',
    'user_absence_period_value_logs',
    'user_absences',
    'user_absence_period_values',
    'user_absence_periods',
    'user_absence_policies',
    'company_leave_settings',
    'absence_policy_templates',
    'leave_types',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
