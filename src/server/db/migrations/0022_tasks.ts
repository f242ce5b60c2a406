import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { enableTenantRls } from '../rls';

// HR and H&S tasks: one table for both areas (`area`), their checklist items, comments, files
// (attachments and completion evidence) and reminders. A reminder row is claimed by the one
// UPDATE that sets its sent_at, so it is sent once however many servers sweep.
// The /api/hr-task and /api/hs-task grants were given to every role when it was made (they were
// "coming endpoints"), so this migration adds none.

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

export async function up(db: Kysely<unknown>): Promise<void> {
  await tenantTable(db, 'tasks')
    .addColumn('area', 'text', (c) => c.notNull().check(inList('area', ['hr', 'hs'])))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) between 1 and 200`))
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 5000`))
    .addColumn('assignee_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('due_time', 'text', (c) => c.check(sql`due_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`))
    .addColumn('priority', 'text', (c) =>
      c
        .notNull()
        .defaultTo('normal')
        .check(inList('priority', ['low', 'normal', 'high'])),
    )
    // An RFC 5545 RRULE (without DTSTART; the due date is the start); null for a one-off task.
    .addColumn('recurrence', 'text', (c) => c.check(sql`char_length(recurrence) <= 300`))
    // Days before the due date to remind on (e.g. {7,1}), and whether to remind once overdue.
    .addColumn('reminder_days', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('remind_overdue', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(inList('status', ['open', 'done'])),
    )
    .addColumn('completed_at', 'timestamptz')
    .addColumn('completed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('completion_note', 'text', (c) => c.check(sql`char_length(completion_note) <= 2000`))
    // Every occurrence of a recurring task shares the series of the first one.
    .addColumn('series_id', 'uuid', (c) => c.notNull())
    .addColumn('next_task_id', 'uuid', (c) => c.references('tasks.id').onDelete('set null'))
    .addColumn('template_key', 'text', (c) => c.check(sql`char_length(template_key) <= 60`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // "My tasks" and the pending count; the managers' lists by area and due date.
  await db.schema.createIndex('tasks_assignee_idx').on('tasks').columns(['assignee_id', 'area', 'status', 'due_date']).execute();
  await db.schema.createIndex('tasks_company_idx').on('tasks').columns(['company_id', 'area', 'status', 'due_date']).execute();
  // One next occurrence per completed task, even when two completions race.
  await sql`CREATE UNIQUE INDEX tasks_next_uq ON tasks (next_task_id) WHERE next_task_id IS NOT NULL`.execute(db);
  await enableTenantRls(db, 'tasks');

  await tenantTable(db, 'task_checklist_items')
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().check(sql`char_length(label) between 1 and 200`))
    .addColumn('done_at', 'timestamptz')
    .addColumn('done_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('task_checklist_items_task_idx').on('task_checklist_items').columns(['task_id', 'position']).execute();
  await enableTenantRls(db, 'task_checklist_items');

  await tenantTable(db, 'task_comments')
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .execute();
  await db.schema.createIndex('task_comments_task_idx').on('task_comments').columns(['task_id', 'created_at']).execute();
  await enableTenantRls(db, 'task_comments');

  await tenantTable(db, 'task_files')
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(inList('kind', ['attachment', 'evidence'])))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('task_files_task_idx').on('task_files').columns(['task_id']).execute();
  await enableTenantRls(db, 'task_files');

  await tenantTable(db, 'task_reminders')
    .addColumn('task_id', 'uuid', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    // 'before' with days_before, or 'overdue' (days_before 0).
    .addColumn('kind', 'text', (c) => c.notNull().check(inList('kind', ['before', 'overdue'])))
    .addColumn('days_before', 'integer', (c) => c.notNull().check(sql`days_before between 0 and 365`))
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('task_reminders_uq', ['task_id', 'kind', 'days_before'])
    .execute();
  await sql`CREATE INDEX task_reminders_due_idx ON task_reminders (due_at) WHERE sent_at IS NULL`.execute(db);
  await enableTenantRls(db, 'task_reminders');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['task_reminders', 'task_files', 'task_comments', 'task_checklist_items', 'tasks']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
