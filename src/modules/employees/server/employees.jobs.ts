// The employees module's background jobs. Both sweeps pick up everything due by now, so they
// also run once when a server starts: a termination must not wait an hour after downtime.
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { sweepTerminations } from './directory-termination';
import { sendWorkPermitReminders } from './work-permit-reminders';

export const employeesJobs: JobDefinition[] = [
  {
    name: 'employees-termination-sweep',
    // On the hour in London, so a termination dated yesterday takes effect just after midnight.
    schedule: { cron: '0 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db }) => {
      await sweepTerminations(db, new Date());
    },
  },
  {
    name: 'employees-work-permit-reminders',
    schedule: { cron: '5 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db, wakeMail }) => {
      const { notified } = await sendWorkPermitReminders(db);
      if (notified > 0) wakeMail();
    },
  },
];
