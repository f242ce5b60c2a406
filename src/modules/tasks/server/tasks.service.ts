// Tasks: reading in the caller's scope, making them (for a person, or one each for everyone in
// a department or location), editing, completing (a recurring task makes its next occurrence),
// checklist, comments and bulk steps. Every write is in the caller's company (withTenant),
// audited, and tells the assignee when someone else gave them the task.
import type { AuditCaller } from '../../../server/audit/audit-entry';
import { auditCaller } from '../../../server/audit/audit-entry';
import { withTenant, type Db, type Trx } from '../../../server/db/database';
import { actorOf } from '../../../server/http/person-access';
import { findPersonSubjects } from '../../../server/http/person-subject.queries';
import { escapeHtml } from '../../../server/mail/html';
import type { MailDispatcher } from '../../../server/mail/mail-dispatcher';
import { notify } from '../../../server/notifications/notify';
import { resolveTodos, todoSubject } from '../../../server/notifications/resolve-todos';
import { requireCompany } from '../../../server/plugins/request-context';
import { publish } from '../../../server/realtime/publish';
import { AppError } from '../../../shared/app-error';
import { addDays, DATE_FORMATS, formatCalendarDate, formatLondon, londonDate } from '../../../shared/dates';
import type { Paging } from '../../../shared/list';
import { companyChannel } from '../../../shared/realtime';
import { levelFor, scopeCoversUser, scopeReachesForWrite, type Scope } from '../../../shared/scopes';
import { planReminders } from '../tasks.policy';
import {
  TASK_AREA_NAMES,
  TASK_ENDPOINTS,
  TASK_INVALIDATES,
  TASK_RESOURCES,
  taskMessages,
  type CreatedTasks,
  type CreateTaskInput,
  type FromTemplateInput,
  type TaskArea,
  type TaskDetail,
  type TaskList,
  type TaskListQuery,
  type UpdateTaskInput,
} from '../tasks.contract';
import { findTaskTemplate } from '../task-templates';
import { nextDueDate, toRRule } from './recurrence';
import { insertTaskFile } from './task-parts.queries';
import { replaceReminders } from './task-reminders.queries';
import * as q from './tasks.queries';
import { TASK_COMPLETE } from './tasks.todos';
import { taskRights, toTask, toTaskDetail } from './task-view';

export type TaskCaller = AuditCaller & { db: Db; mail: Pick<MailDispatcher, 'wake'> };

/** London's today and time now (HH:mm), for overdue. */
export function londonNow(now = new Date()): { today: string; now: string } {
  return { today: londonDate(now), now: formatLondon(now, DATE_FORMATS.time) };
}

function readerOf(caller: TaskCaller, area: TaskArea, level: Scope): q.TaskReader {
  const { session } = caller;
  return { companyId: requireCompany(session), userId: session.userId, departmentIds: session.departmentIds, level, ...londonNow() };
}

export async function listTasks(
  caller: TaskCaller,
  area: TaskArea,
  input: { level: Scope; query: TaskListQuery; paging: Paging },
): Promise<Omit<TaskList, 'next_offset'>> {
  const reader = readerOf(caller, area, input.level);
  return withTenant(caller.db, reader.companyId, async (trx) => {
    const page = await q.findTaskPage(trx, { reader, area, query: input.query, paging: input.paging });
    return { results: page.rows.map(toTask), count: page.count };
  });
}

/** The task as the caller may see it: a 404 for no such task, a 403 out of their scope. */
export async function readableTask(trx: Trx, caller: TaskCaller, area: TaskArea, id: string): Promise<q.TaskRow> {
  const companyId = requireCompany(caller.session);
  const row = await q.findTaskRow(trx, { companyId, area, id, ...londonNow() });
  if (!row) throw AppError.notFound();
  const level = levelFor(caller.session.permissions, TASK_ENDPOINTS[area], 'GET');
  const subject = { userId: row.assignee_id, companyId, departmentIds: row.assignee_department_ids };
  if (!scopeCoversUser(level, actorOf(caller.session), subject)) throw AppError.forbidden();
  return row;
}

export async function getTask(caller: TaskCaller, area: TaskArea, id: string): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => toTaskDetail(trx, caller.session, await readableTask(trx, caller, area, id)));
}

export async function afterWrite(trx: Trx, companyId: string, area: TaskArea): Promise<void> {
  await publish(trx, { channel: companyChannel(companyId), event: TASK_RESOURCES[area], invalidates: TASK_INVALIDATES[area], companyId });
}

export async function tellAssignee(
  trx: Trx,
  caller: TaskCaller,
  task: { companyId: string; area: TaskArea; id: string; title: string; dueDate: string; assigneeId: string },
) {
  if (task.assigneeId === caller.session.userId) return;
  const text = `New ${TASK_AREA_NAMES[task.area]} for you: ${task.title}, due ${formatCalendarDate(task.dueDate, DATE_FORMATS.date)}.`;
  await notify(trx, {
    companyId: task.companyId,
    userId: task.assigneeId,
    description: escapeHtml(text),
    relatesTo: task.area === 'hr' ? 'hr_task' : 'hs_task',
    relatesToId: task.id,
    todo: true,
    kind: TASK_COMPLETE.kind,
    email: { subject: `New ${TASK_AREA_NAMES[task.area]}: ${task.title}`, text },
  });
}

/** The task's "please do" to-dos end: everyone's when it is done or deleted, `userId`'s when it is given to someone else. */
export async function endTaskTodos(trx: Trx, task: { companyId: string; area: TaskArea; id: string; userId?: string }): Promise<void> {
  await resolveTodos(trx, {
    companyId: task.companyId,
    kind: TASK_COMPLETE.kind,
    subject: todoSubject(task.area === 'hr' ? 'hr_task' : 'hs_task', task.id),
    ...(task.userId ? { userId: task.userId } : {}),
  });
}

/** The people an assignment names, each one the caller may give a task to; 422 when none. */
export async function assigneesOf(trx: Trx, caller: TaskCaller, area: TaskArea, assignee: CreateTaskInput['assignee']): Promise<string[]> {
  const companyId = requireCompany(caller.session);
  const ids = assignee.kind === 'user' ? [assignee.id] : await q.findPeopleIn(trx, { companyId, kind: assignee.kind, id: assignee.id });
  const subjects = await findPersonSubjects(trx, { companyId, userIds: ids });
  if (assignee.kind === 'user') {
    const [subject] = subjects;
    if (!subject) throw AppError.validation({ assignee: [taskMessages.unknown] });
    if (!scopeReachesForWrite(levelFor(caller.session.permissions, TASK_ENDPOINTS[area], 'POST'), actorOf(caller.session), subject))
      throw AppError.forbidden();
    return [subject.userId];
  }
  const level = levelFor(caller.session.permissions, TASK_ENDPOINTS[area], 'POST');
  const reachable = subjects
    .filter((subject) => scopeReachesForWrite(level, actorOf(caller.session), subject))
    .map((subject) => subject.userId);
  if (reachable.length === 0) throw AppError.validation({ assignee: [taskMessages.nobody] });
  return reachable;
}

async function insertWithReminders(trx: Trx, task: q.NewTask): Promise<string> {
  const id = await q.insertTask(trx, task);
  await replaceReminders(trx, {
    companyId: task.companyId,
    taskId: id,
    reminders: planReminders({
      dueDate: task.dueDate,
      dueTime: task.dueTime,
      reminderDays: task.reminderDays,
      remindOverdue: task.remindOverdue,
    }),
  });
  return id;
}

export async function createTasks(
  caller: TaskCaller,
  area: TaskArea,
  input: CreateTaskInput & { template_key?: string | null },
): Promise<CreatedTasks> {
  const companyId = requireCompany(caller.session);
  const ids = await withTenant(caller.db, companyId, async (trx) => {
    if (input.incident_id && (area !== 'hs' || !(await q.incidentExists(trx, { companyId, id: input.incident_id })))) {
      throw AppError.validation({ incident_id: [taskMessages.incident] });
    }
    const people = await assigneesOf(trx, caller, area, input.assignee);
    const made: string[] = [];
    for (const assigneeId of people) {
      const id = await insertWithReminders(trx, {
        companyId,
        area,
        title: input.title,
        description: input.description,
        assigneeId,
        createdBy: caller.session.userId,
        dueDate: input.due_date,
        dueTime: input.due_time,
        priority: input.priority,
        recurrence: input.recurrence ? toRRule(input.recurrence) : null,
        reminderDays: input.reminder_days,
        remindOverdue: input.remind_overdue,
        seriesId: null,
        templateKey: input.template_key ?? null,
        incidentId: input.incident_id,
        checklist: input.checklist,
      });
      await tellAssignee(trx, caller, { companyId, area, id, title: input.title, dueDate: input.due_date, assigneeId });
      made.push(id);
    }
    await auditCaller(trx, caller, {
      companyId,
      action: `${TASK_RESOURCES[area]}.created`,
      targetType: TASK_RESOURCES[area],
      targetId: made[0] ?? null,
      details: { count: made.length, assignee: input.assignee.kind },
    });
    await afterWrite(trx, companyId, area);
    return made;
  });
  caller.mail.wake();
  return { ids, count: ids.length };
}

export async function createFromTemplate(caller: TaskCaller, area: TaskArea, input: FromTemplateInput): Promise<CreatedTasks> {
  const template = findTaskTemplate(input.template_key);
  if (!template || template.area !== area) throw AppError.validation({ template_key: [taskMessages.template] });
  return createTasks(caller, area, {
    title: template.title,
    description: template.description,
    due_date: input.due_date ?? addDays(londonDate(new Date()), template.due_in_days),
    due_time: null,
    priority: template.priority,
    recurrence: template.recurrence,
    reminder_days: template.reminder_days,
    remind_overdue: true,
    assignee: input.assignee ?? { kind: 'user', id: caller.session.userId },
    checklist: template.checklist,
    incident_id: null,
    template_key: template.key,
  });
}

async function editableTask(trx: Trx, caller: TaskCaller, area: TaskArea, id: string): Promise<q.TaskRow> {
  const row = await readableTask(trx, caller, area, id);
  if (!taskRights(caller.session, row).canEdit) throw AppError.forbidden();
  return row;
}

export async function updateTask(caller: TaskCaller, area: TaskArea, id: string, input: UpdateTaskInput): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  const detail = await withTenant(caller.db, companyId, async (trx) => {
    const row = await editableTask(trx, caller, area, id);
    if (input.assignee_id !== row.assignee_id) await assigneesOf(trx, caller, area, { kind: 'user', id: input.assignee_id });
    const recurrence = input.recurrence ? toRRule(input.recurrence) : null;
    await q.updateTaskRow(trx, {
      companyId,
      id,
      values: {
        title: input.title,
        description: input.description,
        assigneeId: input.assignee_id,
        dueDate: input.due_date,
        dueTime: input.due_time,
        priority: input.priority,
        recurrence,
        reminderDays: input.reminder_days,
        remindOverdue: input.remind_overdue,
      },
    });
    if (row.status === 'open') {
      await replaceReminders(trx, {
        companyId,
        taskId: id,
        reminders: planReminders({
          dueDate: input.due_date,
          dueTime: input.due_time,
          reminderDays: input.reminder_days,
          remindOverdue: input.remind_overdue,
        }),
      });
    }
    if (input.assignee_id !== row.assignee_id) {
      await endTaskTodos(trx, { companyId, area, id, userId: row.assignee_id });
      await tellAssignee(trx, caller, { companyId, area, id, title: input.title, dueDate: input.due_date, assigneeId: input.assignee_id });
    }
    await auditCaller(trx, caller, {
      companyId,
      action: `${TASK_RESOURCES[area]}.updated`,
      targetType: TASK_RESOURCES[area],
      targetId: id,
    });
    await afterWrite(trx, companyId, area);
    return toTaskDetail(trx, caller.session, await readableTask(trx, caller, area, id));
  });
  caller.mail.wake();
  return detail;
}

export async function deleteTask(caller: TaskCaller, area: TaskArea, id: string): Promise<boolean> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    await editableTask(trx, caller, area, id);
    const deleted = await q.deleteTaskRow(trx, { companyId, id });
    await endTaskTodos(trx, { companyId, area, id });
    await auditCaller(trx, caller, {
      companyId,
      action: `${TASK_RESOURCES[area]}.deleted`,
      targetType: TASK_RESOURCES[area],
      targetId: id,
    });
    await afterWrite(trx, companyId, area);
    return deleted;
  });
}

/** Marks one task done and, for a recurring one, makes the next occurrence (once). */
export async function completeOne(
  trx: Trx,
  caller: TaskCaller,
  row: q.TaskRow,
  input: { note: string | null; fileId?: string | null },
): Promise<string | null> {
  const companyId = requireCompany(caller.session);
  if (!taskRights(caller.session, row).canComplete) throw AppError.forbidden();
  if (!(await q.markTaskDone(trx, { companyId, id: row.id, userId: caller.session.userId, note: input.note }))) {
    throw new AppError('conflict', { message: taskMessages.done });
  }
  await endTaskTodos(trx, { companyId, area: row.area, id: row.id });
  if (input.fileId)
    await insertTaskFile(trx, { companyId, taskId: row.id, fileId: input.fileId, kind: 'evidence', userId: caller.session.userId });
  let nextId: string | null = null;
  if (row.recurrence) {
    const start = (await q.seriesStart(trx, { companyId, seriesId: row.series_id })) ?? row.due_date;
    const nextDate = nextDueDate(row.recurrence, { seriesStart: start, dueDate: row.due_date });
    if (nextDate) {
      const parts = await q.findTaskParts(trx, { companyId, taskId: row.id });
      nextId = await insertWithReminders(trx, {
        companyId,
        area: row.area,
        title: row.title,
        description: row.description,
        assigneeId: row.assignee_id,
        createdBy: row.created_by,
        dueDate: nextDate,
        dueTime: row.due_time,
        priority: row.priority,
        recurrence: row.recurrence,
        reminderDays: row.reminder_days,
        remindOverdue: row.remind_overdue,
        seriesId: row.series_id,
        templateKey: row.template_key,
        incidentId: null,
        checklist: parts.checklist.map((item) => item.label),
      });
      await q.linkNextTask(trx, { companyId, id: row.id, nextId });
    }
  }
  await auditCaller(trx, caller, {
    companyId,
    action: `${TASK_RESOURCES[row.area]}.completed`,
    targetType: TASK_RESOURCES[row.area],
    targetId: row.id,
    details: nextId ? { next_task_id: nextId } : null,
  });
  return nextId;
}

export async function completeTask(
  caller: TaskCaller,
  area: TaskArea,
  id: string,
  input: { note: string | null; receiveEvidence?: (trx: Trx) => Promise<{ fileId: string; note: string | null }> },
): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const [row] = await q.findTaskRowsForUpdate(trx, { companyId, area, ids: [id], ...londonNow() });
    if (!row) throw AppError.notFound();
    await readableTask(trx, caller, area, id);
    if (!taskRights(caller.session, row).canComplete) throw AppError.forbidden();
    if (row.status === 'done') throw new AppError('conflict', { message: taskMessages.done });
    const evidence = input.receiveEvidence ? await input.receiveEvidence(trx) : null;
    await completeOne(trx, caller, row, { note: evidence ? evidence.note : input.note, fileId: evidence?.fileId ?? null });
    await afterWrite(trx, companyId, area);
    return toTaskDetail(trx, caller.session, await readableTask(trx, caller, area, id));
  });
}

export async function reopen(caller: TaskCaller, area: TaskArea, id: string): Promise<TaskDetail> {
  const companyId = requireCompany(caller.session);
  return withTenant(caller.db, companyId, async (trx) => {
    const row = await editableTask(trx, caller, area, id);
    if (row.status !== 'done') throw new AppError('conflict', { message: taskMessages.notDone });
    await q.reopenTask(trx, { companyId, id });
    await auditCaller(trx, caller, {
      companyId,
      action: `${TASK_RESOURCES[area]}.reopened`,
      targetType: TASK_RESOURCES[area],
      targetId: id,
    });
    await afterWrite(trx, companyId, area);
    return toTaskDetail(trx, caller.session, await readableTask(trx, caller, area, id));
  });
}
