// The SQL of tasks: lists and counts by reader, one task with its parts, and the writes. The
// reminders' SQL is in task-reminders.queries.ts.
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTrx, Trx } from '../../../server/db/database';
import { roleRankOf } from '../../../server/db/role-rank.queries';
import type { Paging } from '../../../shared/list';
import type { Scope } from '../../../shared/scopes';
import type { TaskArea, TaskListQuery, TaskPriority, TaskStatus } from '../tasks.contract';
import './tasks-tables';

/** The caller as the reading queries see them; `today` and `now` (HH:mm) are London's. */
export type TaskReader = { companyId: string; userId: string; departmentIds: readonly string[]; level: Scope; today: string; now: string };

export type TaskRow = {
  id: string;
  area: TaskArea;
  title: string;
  description: string | null;
  assignee_id: string;
  first_name: string;
  surname: string;
  assignee_department_ids: string[];
  assignee_rank: number;
  created_by: string | null;
  created_by_name: string | null;
  due_date: string;
  due_time: string | null;
  priority: TaskPriority;
  recurrence: string | null;
  reminder_days: number[];
  remind_overdue: boolean;
  status: TaskStatus;
  completed_at: Date | null;
  completed_by_name: string | null;
  completion_note: string | null;
  series_id: string;
  next_task_id: string | null;
  template_key: string | null;
  incident_id: string | null;
  overdue: boolean;
  checklist_total: number;
  checklist_done: number;
};

const overdueExpression = (today: string, now: string) =>
  sql<boolean>`(t.status = 'open' and (t.due_date < ${today}::date or (t.due_date = ${today}::date and t.due_time is not null and t.due_time < ${now})))`;

/** Whose tasks the reader's GET level reaches: company all; department their departments' people and themselves; own themselves. */
function readable(reader: TaskReader): RawBuilder<boolean> {
  if (reader.level === 'company' || reader.level === 'global') return sql<boolean>`true`;
  if (reader.level === 'department' && reader.departmentIds.length > 0) {
    const departments = sql.join(reader.departmentIds.map((id) => sql`${id}::uuid`));
    return sql<boolean>`(t.assignee_id = ${reader.userId} or u.department_id in (${departments})
      or exists (select 1 from user_departments ud where ud.user_id = t.assignee_id and ud.department_id in (${departments})))`;
  }
  return sql<boolean>`t.assignee_id = ${reader.userId}`;
}

function baseQuery(trx: DbOrTrx, reader: Pick<TaskReader, 'today' | 'now'>) {
  return trx
    .selectFrom('tasks as t')
    .innerJoin('users as u', 'u.id', 't.assignee_id')
    .leftJoin('users as c', 'c.id', 't.created_by')
    .leftJoin('users as d', 'd.id', 't.completed_by')
    .select([
      't.id',
      't.area',
      't.title',
      't.description',
      't.assignee_id',
      'u.first_name',
      'u.surname',
      sql<string[]>`array(select u.department_id::text where u.department_id is not null
                    union select ud.department_id::text from user_departments ud where ud.user_id = u.id)`.as('assignee_department_ids'),
      roleRankOf(sql.ref('u.role_id')).as('assignee_rank'),
      't.created_by',
      sql<string | null>`c.first_name || ' ' || c.surname`.as('created_by_name'),
      't.due_date',
      't.due_time',
      't.priority',
      't.recurrence',
      't.reminder_days',
      't.remind_overdue',
      't.status',
      't.completed_at',
      sql<string | null>`d.first_name || ' ' || d.surname`.as('completed_by_name'),
      't.completion_note',
      't.series_id',
      't.next_task_id',
      't.template_key',
      't.incident_id',
      overdueExpression(reader.today, reader.now).as('overdue'),
      sql<number>`(select count(*) from task_checklist_items i where i.task_id = t.id)::int`.as('checklist_total'),
      sql<number>`(select count(*) from task_checklist_items i where i.task_id = t.id and i.done_at is not null)::int`.as('checklist_done'),
    ]);
}

export async function findTaskPage(
  trx: DbOrTrx,
  input: { reader: TaskReader; area: TaskArea; query: TaskListQuery; paging: Paging },
): Promise<{ rows: TaskRow[]; count: number }> {
  const { reader, area, query } = input;
  // The page's ids and the count first, from the tasks and their assignees only; the columns a
  // row shows (names, checklist counts, departments) are then read for those twenty alone.
  let q = trx
    .selectFrom('tasks as t')
    .innerJoin('users as u', 'u.id', 't.assignee_id')
    .where('t.company_id', '=', reader.companyId)
    .where('t.area', '=', area)
    .where(query.view === 'mine' ? sql<boolean>`t.assignee_id = ${reader.userId}` : readable(reader));
  const statuses = query.status ?? [];
  if (statuses.length > 0) {
    const wanted = statuses.map((status) =>
      status === 'overdue' ? overdueExpression(reader.today, reader.now) : sql<boolean>`t.status = ${status}`,
    );
    q = q.where(sql<boolean>`(${sql.join(wanted, sql` or `)})`);
  }
  if (query.assignee_id?.length) q = q.where('t.assignee_id', 'in', query.assignee_id);
  if (query.from) q = q.where('t.due_date', '>=', query.from);
  if (query.to) q = q.where('t.due_date', '<=', query.to);
  if (query.incident_id) q = q.where('t.incident_id', '=', query.incident_id);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    q = q.where(sql<boolean>`(t.title ilike ${like} or (u.first_name || ' ' || u.surname) ilike ${like})`);
  }
  const page = await q
    .select(['t.id', sql<number>`count(*) over ()`.as('total')])
    .orderBy(sql`t.status = 'done'`)
    .orderBy(sql`case when t.status = 'done' then null else t.due_date end`)
    .orderBy('t.completed_at', 'desc')
    .orderBy('t.id')
    .offset(input.paging.offset)
    .limit(input.paging.limit)
    .execute();
  const count = page[0]?.total ?? (input.paging.offset > 0 ? await countPage(trx, input) : 0);
  if (page.length === 0) return { rows: [], count };
  const rows = (await baseQuery(trx, reader)
    .where('t.company_id', '=', reader.companyId)
    .where(
      't.id',
      'in',
      page.map((row) => row.id),
    )
    .execute()) as TaskRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: page.flatMap((row) => byId.get(row.id) ?? []), count };
}

async function countPage(trx: DbOrTrx, input: { reader: TaskReader; area: TaskArea; query: TaskListQuery }): Promise<number> {
  const page = await findTaskPage(trx, { ...input, paging: { offset: 0, limit: 1 } });
  return page.count;
}

export async function findTaskRow(trx: DbOrTrx, input: { companyId: string; area: TaskArea; id: string; today: string; now: string }) {
  const row = await baseQuery(trx, input)
    .where('t.company_id', '=', input.companyId)
    .where('t.area', '=', input.area)
    .where('t.id', '=', input.id)
    .executeTakeFirst();
  return row as TaskRow | undefined;
}

export async function findTaskRowsForUpdate(
  trx: Trx,
  input: { companyId: string; area: TaskArea; ids: readonly string[]; today: string; now: string },
) {
  if (input.ids.length === 0) return [];
  await trx.selectFrom('tasks').select('id').where('company_id', '=', input.companyId).where('id', 'in', input.ids).forUpdate().execute();
  const rows = await baseQuery(trx, input)
    .where('t.company_id', '=', input.companyId)
    .where('t.area', '=', input.area)
    .where('t.id', 'in', input.ids)
    .execute();
  return rows as TaskRow[];
}

export async function findTaskParts(trx: DbOrTrx, input: { companyId: string; taskId: string }) {
  const [checklist, comments, files, reminders] = await Promise.all([
    trx
      .selectFrom('task_checklist_items')
      .select(['id', 'label', 'done_at'])
      .where('company_id', '=', input.companyId)
      .where('task_id', '=', input.taskId)
      .orderBy('position')
      .execute(),
    trx
      .selectFrom('task_comments as m')
      .leftJoin('users as a', 'a.id', 'm.author_id')
      .select(['m.id', 'm.body', 'm.created_at', sql<string | null>`a.first_name || ' ' || a.surname`.as('author_name')])
      .where('m.company_id', '=', input.companyId)
      .where('m.task_id', '=', input.taskId)
      .orderBy('m.created_at')
      .execute(),
    trx
      .selectFrom('task_files as tf')
      .innerJoin('files as f', 'f.id', 'tf.file_id')
      .select(['f.id', 'f.original_name', 'f.mime_type', 'tf.kind', 'tf.created_at'])
      .where('tf.company_id', '=', input.companyId)
      .where('tf.task_id', '=', input.taskId)
      .orderBy('tf.created_at')
      .execute(),
    trx
      .selectFrom('task_reminders')
      .select(['kind', 'days_before', 'due_at', 'sent_at'])
      .where('company_id', '=', input.companyId)
      .where('task_id', '=', input.taskId)
      .orderBy('due_at')
      .execute(),
  ]);
  return { checklist, comments, files, reminders };
}

export type NewTask = {
  companyId: string;
  area: TaskArea;
  title: string;
  description: string | null;
  assigneeId: string;
  createdBy: string | null;
  dueDate: string;
  dueTime: string | null;
  priority: TaskPriority;
  recurrence: string | null;
  reminderDays: number[];
  remindOverdue: boolean;
  seriesId: string | null;
  templateKey: string | null;
  incidentId: string | null;
  checklist: readonly string[];
};

export async function insertTask(trx: Trx, task: NewTask): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto('tasks')
    .values({
      id,
      company_id: task.companyId,
      area: task.area,
      title: task.title,
      description: task.description,
      assignee_id: task.assigneeId,
      created_by: task.createdBy,
      due_date: task.dueDate,
      due_time: task.dueTime,
      priority: task.priority,
      recurrence: task.recurrence,
      reminder_days: task.reminderDays,
      remind_overdue: task.remindOverdue,
      series_id: task.seriesId ?? id,
      template_key: task.templateKey,
      incident_id: task.incidentId,
    })
    .execute();
  if (task.checklist.length > 0) {
    await trx
      .insertInto('task_checklist_items')
      .values(task.checklist.map((label, position) => ({ company_id: task.companyId, task_id: id, position, label })))
      .execute();
  }
  return id;
}

export async function updateTaskRow(
  trx: Trx,
  input: {
    companyId: string;
    id: string;
    values: Partial<
      Pick<
        NewTask,
        'title' | 'description' | 'assigneeId' | 'dueDate' | 'dueTime' | 'priority' | 'recurrence' | 'reminderDays' | 'remindOverdue'
      >
    >;
  },
): Promise<void> {
  const v = input.values;
  await trx
    .updateTable('tasks')
    .set({
      ...(v.title !== undefined ? { title: v.title } : {}),
      ...(v.description !== undefined ? { description: v.description } : {}),
      ...(v.assigneeId !== undefined ? { assignee_id: v.assigneeId } : {}),
      ...(v.dueDate !== undefined ? { due_date: v.dueDate } : {}),
      ...(v.dueTime !== undefined ? { due_time: v.dueTime } : {}),
      ...(v.priority !== undefined ? { priority: v.priority } : {}),
      ...(v.recurrence !== undefined ? { recurrence: v.recurrence } : {}),
      ...(v.reminderDays !== undefined ? { reminder_days: v.reminderDays } : {}),
      ...(v.remindOverdue !== undefined ? { remind_overdue: v.remindOverdue } : {}),
      updated_at: sql`now()`,
    })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

/** Open → done; false when it was done already (a second completion changes nothing). */
export async function markTaskDone(
  trx: Trx,
  input: { companyId: string; id: string; userId: string; note: string | null },
): Promise<boolean> {
  const result = await trx
    .updateTable('tasks')
    .set({ status: 'done', completed_at: sql`now()`, completed_by: input.userId, completion_note: input.note, updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function reopenTask(trx: Trx, input: { companyId: string; id: string }): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ status: 'open', completed_at: null, completed_by: null, updated_at: sql`now()` })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

export async function linkNextTask(trx: Trx, input: { companyId: string; id: string; nextId: string }): Promise<void> {
  await trx
    .updateTable('tasks')
    .set({ next_task_id: input.nextId })
    .where('company_id', '=', input.companyId)
    .where('id', '=', input.id)
    .execute();
}

/** The first due date of a series: the rule's start. */
export async function seriesStart(trx: DbOrTrx, input: { companyId: string; seriesId: string }): Promise<string | undefined> {
  const row = await trx
    .selectFrom('tasks')
    .select(sql<string>`min(due_date)::text`.as('start'))
    .where('company_id', '=', input.companyId)
    .where('series_id', '=', input.seriesId)
    .executeTakeFirst();
  return row?.start ?? undefined;
}

export async function deleteTaskRow(trx: Trx, input: { companyId: string; id: string }): Promise<boolean> {
  const result = await trx.deleteFrom('tasks').where('company_id', '=', input.companyId).where('id', '=', input.id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Active people of the company in a department (their own or a further one) or at a location. */
export async function findPeopleIn(
  trx: DbOrTrx,
  input: { companyId: string; kind: 'department' | 'location'; id: string },
): Promise<string[]> {
  const rows =
    input.kind === 'department'
      ? await sql<{ id: string }>`select u.id from users u where u.company_id = ${input.companyId} and u.status = 'active'
          and (u.department_id = ${input.id} or exists (select 1 from user_departments ud where ud.user_id = u.id and ud.department_id = ${input.id}))
          order by u.surname, u.first_name`.execute(trx)
      : await sql<{ id: string }>`select u.id from users u where u.company_id = ${input.companyId} and u.status = 'active'
          and u.location_id = ${input.id} order by u.surname, u.first_name`.execute(trx);
  return rows.rows.map((row) => row.id);
}

export async function incidentExists(trx: DbOrTrx, input: { companyId: string; id: string }): Promise<boolean> {
  const { rows } = await sql<{
    found: number;
  }>`select 1 as found from incidents where company_id = ${input.companyId} and id = ${input.id}`.execute(trx);
  return rows.length > 0;
}

export async function companyHasTasks(trx: DbOrTrx, companyId: string): Promise<boolean> {
  const row = await trx.selectFrom('tasks').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst();
  return row !== undefined;
}
