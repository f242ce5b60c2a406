// Task reminders with a fake clock and two job runners (two server processes' pg-boss workers)
// on one database: a weekly task's reminders (7 days and 1 day before, and once overdue) each go
// out once — a bell notification and an e-mail — however many sweeps run at the same moment; a
// reminder whose time passed while no server ran goes out once on the next start; completing
// the task makes the next occurrence with reminders of its own.
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueTaskReminders } from '../../../src/modules/tasks/server/task-reminders';
import { taskJobs, TASK_REMINDERS_JOB } from '../../../src/modules/tasks/server/tasks.jobs';
import type { CreatedTasks, TaskDetail } from '../../../src/modules/tasks/tasks.contract';
import { startJobs, type JobRunner } from '../../../src/server/jobs/job-runner';
import { ownerSql } from '../../support/identity-fixtures';
import { startTaskHarness, taskFor, type TaskHarness } from '../../support/tasks-fixtures';

let h: TaskHarness;
let clock = new Date('2026-01-01T08:00:00Z');
const runners: JobRunner[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startRunner(): Promise<JobRunner> {
  const runner = await startJobs({
    ownerUrl: h.t.database.ownerUrl,
    db: h.t.database.db,
    logger: pino({ level: 'silent' }),
    config: h.t.config,
    wakeMail: () => undefined,
    definitions: taskJobs(() => clock),
    timing: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
  });
  runners.push(runner);
  return runner;
}

const reminderNotifications = async (taskId: string) =>
  ownerSql<{ description: string }>(
    h.t,
    sql`select description from notifications where relates_to = 'hs_task' and relates_to_id = ${taskId} order by created_at`,
  );
const reminderMails = async (subjectLike: string) =>
  (await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from outbox_email where subject like ${subjectLike}`))[0]?.n ?? 0;
const unsent = async (taskId: string) =>
  (await ownerSql<{ n: number }>(h.t, sql`select count(*)::int as n from task_reminders where task_id = ${taskId} and sent_at is null`))[0]
    ?.n ?? 0;

async function untilSent(taskId: string, remaining: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await unsent(taskId)) > remaining) {
    if (Date.now() > deadline) throw new Error('reminders were not sent in time');
    await sleep(100);
  }
  // Let any duplicate a second runner might (wrongly) make arrive before counting.
  await sleep(600);
}

beforeAll(async () => {
  h = await startTaskHarness();
}, 60_000);
afterAll(async () => {
  for (const runner of runners) await runner.stop(5_000);
  await h.t.close();
});

describe('reminders of a weekly task across two servers', () => {
  let taskId: string;

  it('sends each reminder once, bell and e-mail, whatever number of sweeps', async () => {
    // Manager-made, so the assignee's creation notice is the only notification before any reminder.
    const res = await h.send(
      'manager',
      'POST',
      '/api/hs-task',
      taskFor(h.company.people.employee.id, '2026-01-12', {
        title: 'Weekly fire alarm test',
        recurrence: { frequency: 'weekly', weekdays: ['MO'] },
        reminder_days: [7, 1],
      }),
    );
    taskId = res.json<CreatedTasks>().ids[0] ?? '';
    expect(await unsent(taskId)).toBe(3);

    const [first, second] = [await startRunner(), await startRunner()];
    // 7 days before: Monday 5 January, 09:00 London.
    clock = new Date('2026-01-05T09:00:00Z');
    await Promise.all([first.send(TASK_REMINDERS_JOB), second.send(TASK_REMINDERS_JOB), sendDueTaskReminders(h.t.database.db, clock)]);
    await untilSent(taskId, 2);
    expect((await reminderNotifications(taskId)).map((row) => row.description)).toEqual([
      expect.stringContaining('New H&amp;S task for you'),
      expect.stringContaining('Due in 7 days: Weekly fire alarm test'),
    ]);

    // The day before, sweeps racing each other from both servers and this process.
    clock = new Date('2026-01-11T09:05:00Z');
    await Promise.all([
      first.send(TASK_REMINDERS_JOB),
      second.send(TASK_REMINDERS_JOB),
      sendDueTaskReminders(h.t.database.db, clock),
      sendDueTaskReminders(h.t.database.db, clock),
    ]);
    await untilSent(taskId, 1);
    await sendDueTaskReminders(h.t.database.db, clock);
    const descriptions = (await reminderNotifications(taskId)).map((row) => row.description);
    expect(descriptions.filter((text) => text.includes('Due tomorrow'))).toHaveLength(1);
    expect(descriptions.filter((text) => text.includes('Due in 7 days'))).toHaveLength(1);
    expect(await reminderMails('Due tomorrow: Weekly fire alarm test')).toBe(1);
    expect(await reminderMails('Due in 7 days: Weekly fire alarm test')).toBe(1);
  }, 60_000);

  it('sends an overdue reminder missed while no server ran once, on the next start', async () => {
    for (const runner of runners.splice(0)) await runner.stop(5_000);
    // The servers were down on Tuesday 13 January at 09:00; they come back at noon.
    // The sweep looks for every unsent reminder due by now, so the first run after the start
    // (the start-up catch-up, or the next minute's slot when a catch-up already ran this hour)
    // sends it; here both new servers run it at once.
    clock = new Date('2026-01-13T12:00:00Z');
    const [first, second] = await Promise.all([startRunner(), startRunner()]);
    await Promise.all([first.send(TASK_REMINDERS_JOB), second.send(TASK_REMINDERS_JOB)]);
    await untilSent(taskId, 0);
    const overdue = (await reminderNotifications(taskId)).filter((row) => row.description.includes('Overdue: Weekly fire alarm test'));
    expect(overdue).toHaveLength(1);
    expect(await reminderMails('Overdue: Weekly fire alarm test')).toBe(1);
  }, 60_000);

  it('makes the next week’s task on completion, with its own reminders', async () => {
    const done = await h.send('employee', 'POST', `/api/hs-task/${taskId}/complete`, { note: 'Done late: alarm panel was locked' });
    const next = (await h.send('employee', 'GET', `/api/hs-task/${done.json<TaskDetail>().next_task_id}`)).json<TaskDetail>();
    expect(next.due_date).toBe('2026-01-19');
    expect(next.reminders.map((reminder) => [reminder.kind, reminder.days_before, reminder.sent_at])).toEqual([
      ['before', 7, null],
      ['before', 1, null],
      ['overdue', 0, null],
    ]);
  });
});
