// HR tasks and H&S tasks: one shape for both areas. The resources, and the endpoints their
// permissions name, are /api/hr-task and /api/hs-task; every path below is built from the area.
import * as v from 'valibot';
import { isIsoDate } from '../../shared/dates';
import { isUuid } from '../../shared/ids';
import type { ListResponse } from '../../shared/list';
import { emptyToNull, fieldMessages, multilineTextField, searchField, textField } from '../../shared/validators';

export const TASK_AREAS = ['hr', 'hs'] as const;
export type TaskArea = (typeof TASK_AREAS)[number];

export const TASK_RESOURCES = { hr: 'hr-task', hs: 'hs-task' } as const satisfies Record<TaskArea, string>;
export const TASK_ENDPOINTS = { hr: '/api/hr-task', hs: '/api/hs-task' } as const satisfies Record<TaskArea, string>;
export const TASK_ROUTES = {
  hr: { list: '/hr-tasks', detail: '/hr-task/$id' },
  hs: { list: '/hs-tasks', detail: '/hs-task/$id' },
} as const;
export const TASK_AREA_NAMES: Record<TaskArea, string> = { hr: 'HR task', hs: 'H&S task' };
export const TASK_AREA_TITLES: Record<TaskArea, string> = { hr: 'HR Tasks', hs: 'H&S Tasks' };

export const taskPaths = {
  resource: (area: TaskArea, id?: string) => `/api/${TASK_RESOURCES[area]}${id ? `/${id}` : ''}`,
  bulk: (area: TaskArea) => `/api/${TASK_RESOURCES[area]}/bulk`,
  templates: (area: TaskArea) => `/api/${TASK_RESOURCES[area]}/templates`,
  fromTemplate: (area: TaskArea) => `/api/${TASK_RESOURCES[area]}/from-template`,
  action: (area: TaskArea, id: string, action: 'complete' | 'reopen' | 'comments' | 'files') =>
    `/api/${TASK_RESOURCES[area]}/${id}/${action}`,
  checklistItem: (area: TaskArea, id: string, itemId: string) => `/api/${TASK_RESOURCES[area]}/${id}/checklist/${itemId}`,
  file: (area: TaskArea, id: string, fileId: string) => `/api/${TASK_RESOURCES[area]}/${id}/files/${fileId}`,
};

/** Anything a task write changes: its lists and detail (the resource) and the menu's badge. */
export const TASK_INVALIDATES: Record<TaskArea, readonly string[]> = {
  hr: [TASK_RESOURCES.hr, 'pending-count', 'notifications'],
  hs: [TASK_RESOURCES.hs, 'pending-count', 'notifications'],
};

export const PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof PRIORITIES)[number];
export const PRIORITY_LABELS: Record<TaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };
export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

export const taskMessages = {
  date: 'This is not a valid date.',
  time: 'Use the 24-hour clock, for example 09:30.',
  unknown: 'Unknown item.',
  nobody: 'Nobody there is yours to assign a task to.',
  weekdays: 'Choose at least one day of the week.',
  done: 'This task is already done.',
  notDone: 'This task is still open.',
  template: 'Unknown template.',
  incident: 'Unknown incident.',
  evidenceType: 'Attach a photo (JPEG, PNG, HEIC) or a PDF.',
  tooManyReminders: 'At most five reminders.',
} as const;

// ---- Field schemas -------------------------------------------------------------------------

const requiredText = (maxLength: number) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), textField({ maxLength }));
const requiredFormatted = (message: string, test: (value: string) => boolean) =>
  v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), v.check(test, message));
export const requiredTaskDate = requiredFormatted(taskMessages.date, isIsoDate);
export const optionalTaskDate = v.optional(
  v.pipe(
    v.string(taskMessages.date),
    v.trim(),
    v.check((x) => x === '' || isIsoDate(x), taskMessages.date),
  ),
);
export const requiredTaskId = requiredFormatted(taskMessages.unknown, isUuid);
export const nullableTaskLines = (maxLength: number) => v.nullish(v.pipe(multilineTextField({ maxLength }), emptyToNull), null);
export const nullableTaskText = (maxLength: number) => v.nullish(v.pipe(textField({ maxLength }), emptyToNull), null);
const isClockTime = (value: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
const dueTime = v.nullish(
  v.pipe(
    v.string(taskMessages.time),
    v.trim(),
    v.check((x) => x === '' || isClockTime(x), taskMessages.time),
    emptyToNull,
  ),
  null,
);

export const RecurrenceSchema = v.pipe(
  v.object({
    frequency: v.picklist(FREQUENCIES, fieldMessages.required),
    interval: v.optional(
      v.pipe(
        v.number(fieldMessages.required),
        v.integer(fieldMessages.required),
        v.minValue(1, fieldMessages.min(1)),
        v.maxValue(99, fieldMessages.max(99)),
      ),
      1,
    ),
    /** Weekly: the days it falls on. */
    weekdays: v.optional(v.array(v.picklist(WEEKDAYS, taskMessages.unknown)), []),
    /** Monthly: the day of the month (a shorter month takes its last day). */
    month_day: v.nullish(
      v.pipe(
        v.number(fieldMessages.required),
        v.integer(fieldMessages.required),
        v.minValue(1, fieldMessages.min(1)),
        v.maxValue(31, fieldMessages.max(31)),
      ),
      null,
    ),
  }),
  v.forward(
    v.check((input) => input.frequency !== 'weekly' || input.weekdays.length > 0, taskMessages.weekdays),
    ['weekdays'],
  ),
);
export type Recurrence = v.InferOutput<typeof RecurrenceSchema>;

const reminderDays = v.optional(
  v.pipe(
    v.array(
      v.pipe(
        v.number(fieldMessages.required),
        v.integer(fieldMessages.required),
        v.minValue(1, fieldMessages.min(1)),
        v.maxValue(365, fieldMessages.max(365)),
      ),
    ),
    v.maxLength(5, taskMessages.tooManyReminders),
  ),
  [7, 1],
);

export const AssigneeSchema = v.variant('kind', [
  v.object({ kind: v.literal('user'), id: requiredTaskId }),
  v.object({ kind: v.literal('department'), id: requiredTaskId }),
  v.object({ kind: v.literal('location'), id: requiredTaskId }),
]);
export type Assignee = v.InferOutput<typeof AssigneeSchema>;

const taskFields = {
  title: requiredText(200),
  description: nullableTaskLines(5000),
  due_date: requiredTaskDate,
  due_time: dueTime,
  priority: v.optional(v.picklist(PRIORITIES, taskMessages.unknown), 'normal'),
  recurrence: v.nullish(RecurrenceSchema, null),
  reminder_days: reminderDays,
  remind_overdue: v.optional(v.boolean(fieldMessages.required), true),
};

export const CreateTaskInputSchema = v.object({
  ...taskFields,
  assignee: AssigneeSchema,
  checklist: v.optional(v.pipe(v.array(requiredText(200)), v.maxLength(50, fieldMessages.maxLength)), []),
  /** A follow-up action of this incident (H&S tasks). */
  incident_id: v.nullish(requiredTaskId, null),
});
export type CreateTaskInput = v.InferOutput<typeof CreateTaskInputSchema>;

export const UpdateTaskInputSchema = v.object({ ...taskFields, assignee_id: requiredTaskId });
export type UpdateTaskInput = v.InferOutput<typeof UpdateTaskInputSchema>;

export const FromTemplateInputSchema = v.object({
  template_key: requiredText(60),
  /** Defaults to the caller. */
  assignee: v.nullish(AssigneeSchema, null),
  due_date: v.nullish(requiredTaskDate, null),
});
export type FromTemplateInput = v.InferOutput<typeof FromTemplateInputSchema>;

export const CompleteTaskInputSchema = v.object({ note: nullableTaskLines(2000) });
export const CommentInputSchema = v.object({
  body: v.pipe(v.string(fieldMessages.required), v.trim(), v.nonEmpty(fieldMessages.required), multilineTextField({ maxLength: 2000 })),
});
export const ChecklistInputSchema = v.object({ done: v.boolean(fieldMessages.required) });

export const TaskBulkSchema = v.variant('action', [
  v.object({
    action: v.literal('complete'),
    data: v.object({
      ids: v.pipe(v.array(requiredTaskId), v.minLength(1, fieldMessages.required), v.maxLength(200, fieldMessages.maxLength)),
    }),
  }),
  v.object({
    action: v.literal('reassign'),
    data: v.object({
      ids: v.pipe(v.array(requiredTaskId), v.minLength(1, fieldMessages.required), v.maxLength(200, fieldMessages.maxLength)),
      assignee_id: requiredTaskId,
    }),
  }),
]);
export type TaskBulk = v.InferOutput<typeof TaskBulkSchema>;

const listOf = <T extends v.GenericSchema<unknown, string>>(item: T) =>
  v.pipe(
    v.union([v.array(item), item]),
    v.transform((value) => (Array.isArray(value) ? value : [value])),
  );
export const TASK_VIEWS = ['mine', 'managed'] as const;
export const TASK_STATUS_FILTERS = ['open', 'done', 'overdue'] as const;
export type TaskStatusFilter = (typeof TASK_STATUS_FILTERS)[number];

export const TaskListQuerySchema = v.object({
  view: v.optional(v.picklist(TASK_VIEWS, taskMessages.unknown), 'managed'),
  status: v.optional(listOf(v.picklist(TASK_STATUS_FILTERS, taskMessages.unknown))),
  assignee_id: v.optional(listOf(v.pipe(v.string(), v.uuid(taskMessages.unknown)))),
  from: optionalTaskDate,
  to: optionalTaskDate,
  search: searchField(),
  incident_id: v.optional(v.pipe(v.string(), v.uuid(taskMessages.unknown))),
});
export type TaskListQuery = v.InferOutput<typeof TaskListQuerySchema>;

// ---- Answers -------------------------------------------------------------------------------

export type TaskPerson = { id: string; first_name: string; surname: string };

export type Task = {
  id: string;
  area: TaskArea;
  title: string;
  assignee: TaskPerson;
  due_date: string;
  due_time: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  /** Open and past its due date (and time) in London now. */
  overdue: boolean;
  recurring: boolean;
  checklist_total: number;
  checklist_done: number;
  completed_at: string | null;
  incident_id: string | null;
};

export type TaskChecklistItem = { id: string; label: string; done: boolean; done_at: string | null };
export type TaskComment = { id: string; body: string; author_name: string | null; created_at: string };
export type TaskFile = {
  id: string;
  name: string;
  mime_type: string;
  kind: 'attachment' | 'evidence';
  download_path: string;
  created_at: string;
};
export type TaskReminder = { kind: 'before' | 'overdue'; days_before: number; due_at: string; sent_at: string | null };

export type TaskDetail = Task & {
  description: string | null;
  recurrence: Recurrence | null;
  recurrence_text: string | null;
  reminder_days: number[];
  remind_overdue: boolean;
  created_by_name: string | null;
  completed_by_name: string | null;
  completion_note: string | null;
  next_task_id: string | null;
  template_key: string | null;
  checklist: TaskChecklistItem[];
  comments: TaskComment[];
  files: TaskFile[];
  reminders: TaskReminder[];
  can_edit: boolean;
  can_complete: boolean;
};

export type TaskList = ListResponse<Task>;
export type CreatedTasks = { ids: string[]; count: number };
export type TaskBulkResult = { action: 'complete' | 'reassign'; updated: number };

export type TaskTemplate = {
  key: string;
  area: TaskArea;
  title: string;
  description: string;
  /** Days from today to the first due date. */
  due_in_days: number;
  priority: TaskPriority;
  recurrence: Recurrence | null;
  reminder_days: number[];
  checklist: string[];
};
