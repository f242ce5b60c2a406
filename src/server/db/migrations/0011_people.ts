import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';
import { GRANTS } from './0011_people.grants';

// People: the organisation's lists (locations, job titles, tags, contract types,
// termination reasons, working-pattern templates, pay-rate types, custom form fields, terms,
// company notes) and every employee record that hangs on a user. Each table carries its
// company and is policed by row-level security like every tenant table.

const BANK_HOLIDAY_REGIONS = sql`('england-and-wales', 'scotland', 'northern-ireland')`;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

type Builder = CreateTableBuilder<string, string>;

/** id, company and created_at: what every table of this migration starts with. */
function tenantTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** A per-user record with at most one row per user: the user is the key. */
function perUserTable(db: Kysely<unknown>, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
}

/** A list of named things per company, unique by name within the company. */
async function namedList(db: Kysely<unknown>, name: string, extra: (b: Builder) => Builder = (b) => b): Promise<void> {
  await extra(tenantTable(db, name).addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`)))
    .addUniqueConstraint(`${name}_company_name_uq`, ['company_id', 'name'])
    .execute();
  await enableTenantRls(db, name);
}

function weekdayHours(builder: Builder): Builder {
  return WEEKDAYS.reduce(
    (b, day) =>
      b.addColumn(`${day}_hours`, sql`numeric(4,2)`, (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(`${day}_hours`)} between 0 and 24`),
      ),
    builder,
  );
}

async function userRecordIndex(db: Kysely<unknown>, table: string): Promise<void> {
  await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['company_id', 'user_id']).execute();
  await enableTenantRls(db, table);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Organisation lists.
  await namedList(db, 'company_locations', (b) =>
    b
      .addColumn('address_line1', 'text')
      .addColumn('address_line2', 'text')
      .addColumn('town', 'text')
      .addColumn('postcode', 'text')
      .addColumn('bank_holiday_region', 'text', (c) =>
        c
          .notNull()
          .defaultTo('england-and-wales')
          .check(sql`bank_holiday_region in ${BANK_HOLIDAY_REGIONS}`),
      ),
  );
  await namedList(db, 'company_positions');
  await namedList(db, 'user_tags', (b) => b.addColumn('colour', 'text', (c) => c.notNull().defaultTo('blue')));
  await namedList(db, 'contract_types');
  await namedList(db, 'termination_reasons');
  await namedList(db, 'working_pattern_templates', weekdayHours);
  await namedList(db, 'company_pay_rate_types', (b) =>
    b.addColumn('unit', 'text', (c) =>
      c
        .notNull()
        .defaultTo('hour')
        .check(sql`unit in ('hour', 'day', 'week', 'month', 'year')`),
    ),
  );
  await tenantTable(db, 'custom_form_fields')
    .addColumn('label', 'text', (c) => c.notNull().check(sql`char_length(label) between 1 and 100`))
    .addColumn('field_type', 'text', (c) =>
      c.notNull().check(sql`field_type in ('text', 'textarea', 'number', 'date', 'select', 'checkbox')`),
    )
    .addColumn('options', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('custom_form_fields_company_label_uq', ['company_id', 'label'])
    .execute();
  await enableTenantRls(db, 'custom_form_fields');
  await tenantTable(db, 'terms_and_conditions')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'terms_and_conditions');
  await tenantTable(db, 'company_notes')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await enableTenantRls(db, 'company_notes');

  await db.schema
    .alterTable('companies')
    .addColumn('logo_file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .execute();

  // The user row gains what the directory filters and sorts by, kept current by the record
  // writes: location and job title (the latest job-title record), and the termination.
  await db.schema
    .alterTable('users')
    .addColumn('location_id', 'uuid', (c) => c.references('company_locations.id').onDelete('set null'))
    .addColumn('job_title', 'text')
    .addColumn('termination_date', 'date')
    .addColumn('termination_reason_id', 'uuid', (c) => c.references('termination_reasons.id').onDelete('set null'))
    .addColumn('termination_notes', 'text')
    .addColumn('setup_completed_at', 'timestamptz')
    .addColumn('icalendar_token', 'text')
    .execute();
  await sql`CREATE INDEX users_directory_idx ON users (company_id, status, lower(surname), lower(first_name), id)`.execute(db);
  await sql`CREATE INDEX users_department_idx ON users (company_id, department_id)`.execute(db);

  // Employee records.
  await perUserTable(db, 'user_personal_details')
    .addColumn('date_of_birth', 'date')
    .addColumn('gender', 'text')
    .addColumn('nationality', 'text')
    // Special-category and financial: only the person, HR admins and owners read these.
    .addColumn('ethnicity', 'text')
    .addColumn('ni_number', 'text')
    .addColumn('health_notes', 'text')
    .addColumn('bank_account_name', 'text')
    .addColumn('bank_sort_code', 'text')
    .addColumn('bank_account_number', 'text')
    .execute();
  await enableTenantRls(db, 'user_personal_details');
  await perUserTable(db, 'user_contact_details')
    .addColumn('address_line1', 'text')
    .addColumn('address_line2', 'text')
    .addColumn('town', 'text')
    .addColumn('county', 'text')
    .addColumn('postcode', 'text')
    .addColumn('home_phone', 'text')
    .addColumn('mobile_phone', 'text')
    .addColumn('work_phone', 'text')
    .addColumn('work_extension', 'text')
    .addColumn('personal_email', 'text')
    .execute();
  await enableTenantRls(db, 'user_contact_details');
  await perUserTable(db, 'user_about_me')
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('interests', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await enableTenantRls(db, 'user_about_me');
  await perUserTable(db, 'user_employment_details')
    .addColumn('start_date', 'date')
    .addColumn('continuous_service_date', 'date')
    .addColumn('probation_end_date', 'date')
    .addColumn('contract_type_id', 'uuid', (c) => c.references('contract_types.id').onDelete('set null'))
    .addColumn('hours_per_week', sql`numeric(5,2)`)
    .addColumn('employee_number', 'text')
    .execute();
  await enableTenantRls(db, 'user_employment_details');
  await perUserTable(db, 'user_bank_holiday_regions')
    .addColumn('bank_holiday_region', 'text', (c) => c.notNull().check(sql`bank_holiday_region in ${BANK_HOLIDAY_REGIONS}`))
    .execute();
  await enableTenantRls(db, 'user_bank_holiday_regions');

  const userColumn = (b: Builder) => b.addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'));

  await userColumn(tenantTable(db, 'user_next_of_kin'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('address', 'text')
    .execute();
  await userRecordIndex(db, 'user_next_of_kin');

  await userColumn(tenantTable(db, 'user_job_titles'))
    .addColumn('position_id', 'uuid', (c) => c.references('company_positions.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('termination_date', 'date')
    .execute();
  await userRecordIndex(db, 'user_job_titles');

  await userColumn(tenantTable(db, 'user_contracts'))
    .addColumn('contract_type_id', 'uuid', (c) => c.references('contract_types.id').onDelete('set null'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .addColumn('hours_per_week', sql`numeric(5,2)`)
    .addColumn('notice_period', 'text')
    .addColumn('file_id', 'uuid', (c) => c.references('files.id').onDelete('set null'))
    .addColumn('notes', 'text')
    .execute();
  await userRecordIndex(db, 'user_contracts');

  await userColumn(tenantTable(db, 'user_work_permits'))
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_number', 'text')
    .addColumn('share_code', 'text')
    .addColumn('date_checked', 'date', (c) => c.notNull())
    .addColumn('checked_by_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('follow_up_date', 'date')
    .addColumn('expiry_date', 'date')
    .addColumn('reminded_at', 'timestamptz')
    .addColumn('notes', 'text')
    .execute();
  await userRecordIndex(db, 'user_work_permits');
  await db.schema
    .createIndex('user_work_permits_expiry_idx')
    .on('user_work_permits')
    .columns(['expiry_date'])
    .where(sql.ref('reminded_at'), 'is', null)
    .execute();

  await userColumn(tenantTable(db, 'user_pay_rates'))
    .addColumn('pay_rate_type_id', 'uuid', (c) => c.references('company_pay_rate_types.id').onDelete('restrict'))
    .addColumn('amount', sql`numeric(12,2)`, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('unit', 'text', (c) =>
      c
        .notNull()
        .defaultTo('hour')
        .check(sql`unit in ('hour', 'day', 'week', 'month', 'year')`),
    )
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('end_date', 'date')
    .execute();
  await userRecordIndex(db, 'user_pay_rates');

  await weekdayHours(userColumn(tenantTable(db, 'user_working_patterns')))
    .addColumn('template_id', 'uuid', (c) => c.references('working_pattern_templates.id').onDelete('set null'))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .execute();
  await userRecordIndex(db, 'user_working_patterns');

  await userColumn(tenantTable(db, 'user_notes'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('general', 'performance', 'absence', 'disciplinary', 'grievance', 'training', 'other')`),
    )
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await userRecordIndex(db, 'user_notes');

  await db.schema
    .createTable('user_user_tags')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag_id', 'uuid', (c) => c.notNull().references('user_tags.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_user_tags_pk', ['user_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('user_user_tags_tag_idx').on('user_user_tags').columns(['company_id', 'tag_id']).execute();
  await enableTenantRls(db, 'user_user_tags');

  await db.schema
    .createTable('user_custom_field_values')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('field_id', 'uuid', (c) => c.notNull().references('custom_form_fields.id').onDelete('cascade'))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_custom_field_values_pk', ['user_id', 'field_id'])
    .execute();
  await enableTenantRls(db, 'user_custom_field_values');

  // Roles made before this migration (an existing demo database) get the people entries the
  // templates now give, matched by role name.
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
  for (const table of [
    'user_custom_field_values',
    'user_user_tags',
    'user_notes',
    'user_working_patterns',
    'user_pay_rates',
    'user_work_permits',
    'user_contracts',
    'user_job_titles',
    'user_next_of_kin',
    'user_bank_holiday_regions',
    'user_employment_details',
    'user_about_me',
    'user_contact_details',
    'user_personal_details',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema
    .alterTable('users')
    .dropColumn('location_id')
    .dropColumn('job_title')
    .dropColumn('termination_date')
    .dropColumn('termination_reason_id')
    .dropColumn('termination_notes')
    .dropColumn('setup_completed_at')
    .dropColumn('icalendar_token')
    .execute();
  await db.schema.alterTable('companies').dropColumn('logo_file_id').execute();
  for (const table of [
    'company_notes',
    'terms_and_conditions',
    'custom_form_fields',
    'company_pay_rate_types',
    'working_pattern_templates',
    'termination_reasons',
    'contract_types',
    'user_tags',
    'company_positions',
    'company_locations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
