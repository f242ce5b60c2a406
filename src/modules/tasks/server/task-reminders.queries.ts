// The SQL of task reminders: a task's planned reminders, the sweep that claims the due ones (the
// UPDATE that marks them sent), and the demo's past reminders recorded as sent.
import { sql } from 'kysely';
import type { Trx } from '../../../server/db/database';
import type { TaskArea } from '../tasks.contract';
import './tasks-tables';

/** Replaces the unsent reminders of a task with these (sent ones stay as the record). */
export async function replaceReminders(
  trx: Trx,
  input: { companyId: string; taskId: string; reminders: { kind: 'before' | 'overdue'; daysBefore: number; dueAt: Date }[] },
): Promise<void> {
  await trx
    .deleteFrom('task_reminders')
    .where('company_id', '=', input.companyId)
    .where('task_id', '=', input.taskId)
    .where('sent_at', 'is', null)
    .execute();
  if (input.reminders.length === 0) return;
  await trx
    .insertInto('task_reminders')
    .values(
      input.reminders.map((reminder) => ({
        company_id: input.companyId,
        task_id: input.taskId,
        kind: reminder.kind,
        days_before: reminder.daysBefore,
        due_at: reminder.dueAt,
      })),
    )
    .onConflict((oc) => oc.columns(['task_id', 'kind', 'days_before']).doNothing())
    .execute();
}

export type ClaimedReminder = {
  id: string;
  company_id: string;
  task_id: string;
  kind: 'before' | 'overdue';
  days_before: number;
  area: TaskArea;
  title: string;
  due_date: string;
  due_time: string | null;
  assignee_id: string;
};

/**
 * Claims the reminders due by `now` of open tasks and marks them sent, in the caller's (system
 * scope) transaction: rows another sweep holds are skipped, rows it sent are no longer unsent,
 * so each reminder is claimed once. Reminders of tasks already done are closed without a send.
 */
export async function claimDueReminders(trx: Trx, input: { now: Date; limit: number }): Promise<ClaimedReminder[]> {
  await sql`update task_reminders r set sent_at = ${input.now} from tasks t
    where t.id = r.task_id and r.sent_at is null and r.due_at <= ${input.now} and t.status = 'done'`.execute(trx);
  const { rows } = await sql<ClaimedReminder>`
    with due as (
      select r.id from task_reminders r
      where r.sent_at is null and r.due_at <= ${input.now}
      order by r.due_at limit ${input.limit}
      for update skip locked
    )
    update task_reminders r set sent_at = ${input.now}
    from due, tasks t
    where r.id = due.id and t.id = r.task_id and r.sent_at is null
    returning r.id, r.company_id, r.task_id, r.kind, r.days_before, t.area, t.title, t.due_date::text as due_date, t.due_time, t.assignee_id`.execute(
    trx,
  );
  return rows;
}

/** The demo's reminders already past are recorded as sent, so starting the demo sends no burst. */
export async function markPastRemindersSent(trx: Trx, input: { taskId: string; now: Date }): Promise<void> {
  await trx
    .updateTable('task_reminders')
    .set({ sent_at: input.now })
    .where('task_id', '=', input.taskId)
    .where('due_at', '<=', input.now)
    .execute();
}
