// The leave module's background jobs. Both catch up on everything due by now, so they also run
// once when a server starts rather than waiting for their next slot after downtime.
import type { JobDefinition } from '../../../server/jobs/job-definition';
import { runLeaveBalanceJobs } from './carry-over-expiry';
import { createDueReturnToWorkItems } from './return-to-work-job';

export const leaveJobs: JobDefinition[] = [
  {
    name: 'leave-return-to-work-items',
    schedule: { cron: '10 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db, wakeMail }) => {
      const { created } = await createDueReturnToWorkItems(db);
      if (created > 0) wakeMail();
    },
  },
  {
    name: 'leave-balances',
    // Carry-over expiry and monthly accrual: hourly, so London's new day is seen from a quarter past midnight.
    schedule: { cron: '15 * * * *', timeZone: 'Europe/London' },
    catchUpAtStart: true,
    handler: async ({ db }) => {
      await runLeaveBalanceJobs(db);
    },
  },
];
