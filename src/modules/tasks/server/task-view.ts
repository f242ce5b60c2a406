// A task row as the API answers it: the list's summary and the detail with its parts.
import type { DbOrTrx } from '../../../server/db/database';
import type { Session } from '../../../server/plugins/request-context';
import { actorOf } from '../../../server/http/person-access';
import { levelFor, scopeReachesForWrite } from '../../../shared/scopes';
import { mayEditTask } from '../tasks.policy';
import { TASK_ENDPOINTS, taskPaths, type Task, type TaskDetail } from '../tasks.contract';
import { describeRRule, fromRRule } from './recurrence';
import { findTaskParts, type TaskRow } from './tasks.queries';

export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    area: row.area,
    title: row.title,
    assignee: { id: row.assignee_id, first_name: row.first_name, surname: row.surname },
    due_date: row.due_date,
    due_time: row.due_time,
    priority: row.priority,
    status: row.status,
    overdue: row.overdue,
    recurring: row.recurrence !== null,
    checklist_total: row.checklist_total,
    checklist_done: row.checklist_done,
    completed_at: row.completed_at?.toISOString() ?? null,
    incident_id: row.incident_id,
  };
}

/** What the caller may do with the task: write over its assignee, and edit (see mayEditTask). */
export function taskRights(session: Session, row: TaskRow): { canComplete: boolean; canEdit: boolean } {
  const endpoint = TASK_ENDPOINTS[row.area];
  const level = levelFor(session.permissions, endpoint, 'PUT');
  const subject = {
    userId: row.assignee_id,
    companyId: session.companyId ?? '',
    departmentIds: row.assignee_department_ids,
    rank: row.assignee_rank,
  };
  const reaches = scopeReachesForWrite(level, actorOf(session), subject);
  return { canComplete: reaches, canEdit: mayEditTask({ level, reaches, createdBy: row.created_by, userId: session.userId }) };
}

export async function toTaskDetail(trx: DbOrTrx, session: Session, row: TaskRow): Promise<TaskDetail> {
  const parts = await findTaskParts(trx, { companyId: session.companyId ?? '', taskId: row.id });
  const rights = taskRights(session, row);
  return {
    ...toTask(row),
    description: row.description,
    recurrence: row.recurrence ? fromRRule(row.recurrence) : null,
    recurrence_text: row.recurrence ? describeRRule(row.recurrence) : null,
    reminder_days: row.reminder_days,
    remind_overdue: row.remind_overdue,
    created_by_name: row.created_by_name,
    completed_by_name: row.completed_by_name,
    completion_note: row.completion_note,
    next_task_id: row.next_task_id,
    template_key: row.template_key,
    checklist: parts.checklist.map((item) => ({
      id: item.id,
      label: item.label,
      done: item.done_at !== null,
      done_at: item.done_at?.toISOString() ?? null,
    })),
    comments: parts.comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      author_name: comment.author_name,
      created_at: comment.created_at.toISOString(),
    })),
    files: parts.files.map((file) => ({
      id: file.id,
      name: file.original_name,
      mime_type: file.mime_type,
      kind: file.kind,
      download_path: taskPaths.file(row.area, row.id, file.id),
      created_at: file.created_at.toISOString(),
    })),
    reminders: parts.reminders.map((reminder) => ({
      kind: reminder.kind,
      days_before: reminder.days_before,
      due_at: reminder.due_at.toISOString(),
      sent_at: reminder.sent_at?.toISOString() ?? null,
    })),
    can_edit: rights.canEdit,
    can_complete: rights.canComplete && row.status === 'open',
  };
}
