// The tables of migrations 0022 (tasks) and 0023 (tasks.incident_id). Calendar dates are
// 'yyyy-MM-dd' strings (database.ts).
import type { ColumnType, Generated } from 'kysely';
import type { TaskArea, TaskPriority, TaskStatus } from '../tasks.contract';

type TenantRow = { id: Generated<string>; company_id: string; created_at: Generated<Date> };

export interface TasksTable extends TenantRow {
  area: TaskArea;
  title: string;
  description: string | null;
  assignee_id: string;
  created_by: string | null;
  due_date: string;
  due_time: string | null;
  priority: Generated<TaskPriority>;
  recurrence: string | null;
  reminder_days: ColumnType<number[], number[] | undefined, number[]>;
  remind_overdue: Generated<boolean>;
  status: Generated<TaskStatus>;
  completed_at: Date | null;
  completed_by: string | null;
  completion_note: string | null;
  series_id: string;
  next_task_id: string | null;
  template_key: string | null;
  incident_id: string | null;
  updated_at: Generated<Date>;
}

export interface TaskChecklistItemsTable extends TenantRow {
  task_id: string;
  position: number;
  label: string;
  done_at: Date | null;
  done_by: string | null;
}

export interface TaskCommentsTable extends TenantRow {
  task_id: string;
  author_id: string | null;
  body: string;
}

export interface TaskFilesTable extends TenantRow {
  task_id: string;
  file_id: string;
  kind: 'attachment' | 'evidence';
  created_by: string | null;
}

export interface TaskRemindersTable extends TenantRow {
  task_id: string;
  kind: 'before' | 'overdue';
  days_before: number;
  due_at: Date;
  sent_at: Date | null;
}

declare module '../../../server/db/schema' {
  interface Database {
    tasks: TasksTable;
    task_checklist_items: TaskChecklistItemsTable;
    task_comments: TaskCommentsTable;
    task_files: TaskFilesTable;
    task_reminders: TaskRemindersTable;
  }
}
