import { sql, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// The incident log (accident book): the record, its photos and files, the RIDDOR answers and
// the report made to the regulator; follow-up actions are H&S tasks pointing at the incident.
// The injured worker's sickness absence is read through one view, `incident_sickness_absences`
// (security invoker, so the leave table's row-level security still applies): the only part of
// the leave module's data the incident log relies on.
// The /api/incident-log grants were given to every role when it was made, so none are added.

const inList = (column: string, values: readonly string[]) =>
  sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

const SPECIFIED_INJURIES = [
  'fracture',
  'amputation',
  'sight_loss',
  'crush_head_torso',
  'serious_burn',
  'scalping',
  'unconsciousness',
  'enclosed_space',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('incidents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().check(sql`char_length(location) between 1 and 200`))
    .addColumn('person_kind', 'text', (c) => c.notNull().check(inList('person_kind', ['employee', 'other'])))
    .addColumn('person_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('person_name', 'text', (c) => c.check(sql`char_length(person_name) <= 200`))
    .addColumn('person_contact', 'text', (c) => c.check(sql`char_length(person_contact) <= 300`))
    // Another worker (a contractor, an agency worker) counts as a worker for RIDDOR.
    .addColumn('person_is_worker', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('what_happened', 'text', (c) => c.notNull().check(sql`char_length(what_happened) between 1 and 5000`))
    .addColumn('injury', 'text', (c) => c.check(sql`char_length(injury) <= 1000`))
    .addColumn('body_part', 'text', (c) => c.check(sql`char_length(body_part) <= 200`))
    .addColumn('treatment', 'text', (c) => c.check(sql`char_length(treatment) <= 1000`))
    .addColumn('taken_to_hospital', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('witnesses', 'text', (c) => c.check(sql`char_length(witnesses) <= 1000`))
    .addColumn('reported_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('immediate_actions', 'text', (c) => c.check(sql`char_length(immediate_actions) <= 2000`))
    .addColumn('death', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('specified_injury', 'text', (c) => c.check(inList('specified_injury', SPECIFIED_INJURIES)))
    .addColumn('dangerous_occurrence', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('occupational_disease', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('diagnosed_on', 'date')
    // The last day the worker could not do their normal work, as typed; a linked absence wins.
    .addColumn('incapacity_last_day', 'date')
    .addColumn('absence_id', 'uuid', (c) => c.references('user_absences.id').onDelete('set null'))
    .addColumn('riddor_reported_on', 'date')
    .addColumn('riddor_reference', 'text', (c) => c.check(sql`char_length(riddor_reference) <= 60`))
    .addColumn('riddor_reminded_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'incidents_person_ck',
      sql`(person_kind = 'employee' and person_user_id is not null) or (person_kind = 'other' and char_length(person_name) > 0)`,
    )
    .execute();
  await db.schema.createIndex('incidents_company_idx').on('incidents').columns(['company_id', 'occurred_at']).execute();
  await db.schema.createIndex('incidents_person_idx').on('incidents').columns(['person_user_id']).execute();
  await enableTenantRls(db, 'incidents');

  await db.schema
    .createTable('incident_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('company_id', 'uuid', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('incident_id', 'uuid', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('incident_files_incident_idx').on('incident_files').columns(['incident_id']).execute();
  await enableTenantRls(db, 'incident_files');

  // Follow-up actions are H&S tasks of the incident.
  await db.schema
    .alterTable('tasks')
    .addColumn('incident_id', 'uuid', (c) => c.references('incidents.id').onDelete('set null'))
    .execute();
  await sql`CREATE INDEX tasks_incident_idx ON tasks (incident_id) WHERE incident_id IS NOT NULL`.execute(db);

  // The seam to the leave module: sickness absences, as few columns as the day count needs.
  await sql`
    CREATE VIEW incident_sickness_absences WITH (security_invoker = true) AS
    SELECT a.id, a.company_id, a.user_id, a.start_date, a.end_date, a.returned_on, a.status
    FROM user_absences a JOIN leave_types t ON t.id = a.leave_type_id
    WHERE t.key = 'sickness' AND a.status IN ('approved', 'pending')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP VIEW IF EXISTS incident_sickness_absences`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_incident_idx`.execute(db);
  await db.schema.alterTable('tasks').dropColumn('incident_id').execute();
  await db.schema.dropTable('incident_files').ifExists().execute();
  await db.schema.dropTable('incidents').ifExists().execute();
}
