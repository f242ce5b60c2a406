// The tasks module's background job: the reminder sweep, every minute, and once at start so a
// reminder missed while no server ran is sent when one comes back. The clock is a parameter so
// a test can run the same job at a chosen time.
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { sendDueTaskReminders } from './task-reminders';

export const TASK_REMINDERS_JOB = 'tasks-reminders';

export function taskJobs(clock: () => Date = () => new Date()): JobDefinition[] {
  return [
    {
      name: TASK_REMINDERS_JOB,
      schedule: { cron: '* * * * *', timeZone: 'UTC' },
      catchUpAtStart: true,
      handler: async ({ db, wakeMail }) => {
        if ((await sendDueTaskReminders(db, clock())) > 0) wakeMail();
      },
    },
  ];
}
