// The tasks demo: HR and H&S tasks for Ella (employee), Marcus (Operations manager) and Olivia
// (the owner) around today — some overdue, some recurring (the weekly fire alarm test, the
// monthly first-aid kit check), one done with its next occurrence made. Written once (a company
// that already has tasks is left alone), through the same inserts the API uses.
import type { Trx } from '../../../server/db/database';
import type { DemoCompany } from '../../../server/server-module';
import { addDays, londonDate } from '../../../shared/dates';
import { planReminders } from '../tasks.policy';
import { findTaskTemplate } from '../task-templates';
import type { TaskArea, TaskPriority } from '../tasks.contract';
import { nextDueDate, toRRule } from './recurrence';
import { markPastRemindersSent, replaceReminders } from './task-reminders.queries';
import { companyHasTasks, insertTask, linkNextTask, markTaskDone } from './tasks.queries';

type DemoTask = {
  area: TaskArea;
  template?: string;
  title?: string;
  description?: string;
  assignee: string | undefined;
  createdBy: string | undefined;
  due: number;
  priority?: TaskPriority;
  checklist?: string[];
  done?: boolean;
};

export async function seedTasksDemo(trx: Trx, company: DemoCompany, todayInput?: string): Promise<void> {
  const { companyId } = company;
  if (await companyHasTasks(trx, companyId)) return;
  const today = todayInput ?? londonDate(new Date());
  const ella = company.accounts['employee@demo.test'];
  const marcus = company.accounts['manager@demo.test'];
  const olivia = company.accounts['owner@demo.test'];

  const tasks: DemoTask[] = [
    { area: 'hs', template: 'fire-alarm-test', assignee: marcus, createdBy: olivia, due: -7, done: true },
    { area: 'hs', template: 'first-aid-kit', assignee: ella, createdBy: marcus, due: -3 },
    { area: 'hs', template: 'workstation-assessment', assignee: ella, createdBy: marcus, due: 4 },
    { area: 'hs', template: 'fire-risk-assessment', assignee: olivia, createdBy: olivia, due: 21 },
    { area: 'hs', template: 'emergency-lighting', assignee: marcus, createdBy: olivia, due: -1 },
    {
      area: 'hs',
      title: 'Fix the loose handrail on the stock-room stairs',
      description: 'Reported during the walk-round: the top bracket is coming away from the wall. Tape the area off until it is fixed.',
      assignee: marcus,
      createdBy: olivia,
      due: 2,
      priority: 'high',
    },
    { area: 'hr', template: 'probation-review', assignee: marcus, createdBy: olivia, due: 5 },
    { area: 'hr', template: 'appraisal', assignee: olivia, createdBy: olivia, due: 12 },
    { area: 'hr', template: 'right-to-work-recheck', assignee: olivia, createdBy: olivia, due: -2 },
    {
      area: 'hr',
      title: 'Read and sign the updated staff handbook',
      description: 'The handbook now covers hybrid working and the new expenses rules. Read it and confirm here when done.',
      assignee: ella,
      createdBy: olivia,
      due: 6,
      checklist: ['Read the handbook', 'Ask your manager about anything unclear'],
    },
    { area: 'hr', template: 'new-starter', assignee: marcus, createdBy: olivia, due: 9 },
  ];

  for (const task of tasks) {
    if (!task.assignee) continue;
    const template = task.template ? findTaskTemplate(task.template) : undefined;
    const dueDate = addDays(today, task.due);
    const recurrence = template?.recurrence ? toRRule(template.recurrence) : null;
    const reminderDays = template?.reminder_days ?? [3, 1];
    const id = await insertTask(trx, {
      companyId,
      area: task.area,
      title: template?.title ?? task.title ?? 'Task',
      description: template?.description ?? task.description ?? null,
      assigneeId: task.assignee,
      createdBy: task.createdBy ?? null,
      dueDate,
      dueTime: null,
      priority: task.priority ?? template?.priority ?? 'normal',
      recurrence,
      reminderDays,
      remindOverdue: true,
      seriesId: null,
      templateKey: template?.key ?? null,
      incidentId: null,
      checklist: task.checklist ?? template?.checklist ?? [],
    });
    // Reminders already past are recorded as sent: the demo does not send a burst at start.
    const plans = planReminders({ dueDate, dueTime: null, reminderDays, remindOverdue: true });
    await replaceReminders(trx, { companyId, taskId: id, reminders: plans });
    await markPastRemindersSent(trx, { taskId: id, now: new Date() });
    if (task.done && recurrence) {
      await markTaskDone(trx, { companyId, id, userId: task.assignee, note: 'Call point 3 (back door). Alarm heard everywhere.' });
      const next = nextDueDate(recurrence, { seriesStart: dueDate, dueDate });
      if (next) {
        const nextId = await insertTask(trx, {
          companyId,
          area: task.area,
          title: template?.title ?? 'Task',
          description: template?.description ?? null,
          assigneeId: task.assignee,
          createdBy: task.createdBy ?? null,
          dueDate: next,
          dueTime: null,
          priority: template?.priority ?? 'normal',
          recurrence,
          reminderDays,
          remindOverdue: true,
          seriesId: id,
          templateKey: template?.key ?? null,
          incidentId: null,
          checklist: template?.checklist ?? [],
        });
        await replaceReminders(trx, {
          companyId,
          taskId: nextId,
          reminders: planReminders({ dueDate: next, dueTime: null, reminderDays, remindOverdue: true }),
        });
        await markPastRemindersSent(trx, { taskId: nextId, now: new Date() });
        await linkNextTask(trx, { companyId, id, nextId });
      }
    }
  }
}
